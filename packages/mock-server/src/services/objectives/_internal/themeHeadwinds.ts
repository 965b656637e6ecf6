/**
 * Who is on the losing side of each theme of the fixtures, completing "companies that …": the
 * vocabulary of an inverse objective. Our own words, written to avoid the theme's own terms (so a
 * search on the inverse does not find the theme again); a theme without an entry gets a generic
 * phrase built from its name.
 */
export const THEME_HEADWINDS: Readonly<Record<string, string>> = {
  "ai-compute":
    "are displaced or squeezed by artificial intelligence and by the shift of IT budgets to AI infrastructure, such as labour-intensive IT outsourcers, call-centre and business-process operators, and makers of general-purpose servers",
  cybersecurity:
    "bear the rising cost of cyber attacks without the means to defend against them, such as small IT-services firms without security offerings and businesses holding large volumes of customer data on thin IT budgets",
  "clean-energy":
    "depend on fossil-fuel power generation and its supply chain, such as coal miners, coal- and gas-fired generators, oil and gas producers and the services that support them",
  "water-scarcity":
    "consume large volumes of fresh water in drought-prone regions without the means to save it, such as water-intensive farming, beverage makers, and textile and paper mills",
  "space-economy":
    "lose business to satellite services, such as terrestrial telecom carriers serving remote regions, aerial-survey firms and undersea-cable operators",
  "obesity-drugs":
    "sell the calorie-dense foods and drinks that smaller appetites buy less of, such as snack, confectionery and sugary-drink makers and fast-food restaurant chains",
  "robotics-automation":
    "rely on large manual workforces that automation replaces, such as staffing agencies, labour-intensive contract manufacturers and manual warehouse operators",
  "fintech-payments":
    "earn their revenue from cash and legacy payment rails, such as branch-heavy retail banks, cash-handling and ATM operators, and money-transfer agents with physical networks",
  "defence-modernisation":
    "lose when public budgets shift to defence, such as civil infrastructure contractors dependent on government spending and civilian aerospace suppliers without defence work",
  "ageing-populations":
    "depend on a young and growing population, such as makers of baby and children's products, education providers, starter-home builders and youth-focused consumer brands",
  "electric-vehicles":
    "depend on the internal-combustion engine, such as makers of engines, exhaust systems and transmissions, fuel retailers, oil refiners and traditional car-service chains",
  genomics:
    "sell the diagnostics and treatments that precision medicine displaces, such as traditional laboratory-testing chains and makers of broad-spectrum drugs facing targeted therapies",
  "nuclear-renaissance":
    "compete with nuclear baseload power, such as coal- and gas-fired generators, coal miners and gas pipeline operators",
  "critical-minerals":
    "buy lithium, nickel, cobalt, copper and rare earths as a cost and suffer when their prices rise, such as battery-pack assemblers, consumer-electronics makers and manufacturers with heavy metal inputs and thin margins",
  "quantum-computing":
    "depend on encryption that quantum computers could break or on classical high-performance computing, such as vendors of legacy cryptography and makers of classical supercomputers",
  "food-security":
    "are hurt by rising food and farm-input prices, such as restaurant chains, packaged-food makers with thin margins and grocers that cannot pass costs on",
  "grid-modernisation":
    "rely on the old, centralised grid and on-site backup fuel, such as makers of diesel generators and operators of ageing fossil-fuel plants without grid-service revenue",
  "cloud-software":
    "sell the on-premise software, hardware and services that subscription software delivered over the internet replaces, such as makers of on-premise servers and storage, legacy licence vendors and traditional IT-maintenance providers",
};

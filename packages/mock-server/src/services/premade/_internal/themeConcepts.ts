/**
 * Hand-written concept expansions per theme slug: everyday words and phrases an investor may use
 * for the theme without its own keywords (synonyms, brand-free product names, neighbouring
 * concepts). Indexed as one more field of the theme's document, so a paraphrased objective still
 * meets its theme. Themes absent here are matched on their own text only.
 */
export const THEME_CONCEPTS: Readonly<Record<string, string>> = {
  "ai-compute":
    "chips chipmakers processors graphics processing units neural networks deep learning large language models llm generative " +
    "hyperscalers servers model training supercomputers silicon datacenters cloud capacity compute clusters interconnects cooling",
  cybersecurity:
    "hackers hacking breaches data breach malware phishing cyberattacks cyber attacks data protection privacy antivirus intrusion " +
    "network defense passwords authentication access management vulnerabilities digital threats online threats",
  "clean-energy":
    "green electricity photovoltaic solar panels wind turbines wind farms carbon-free climate change sustainable power " +
    "low-carbon emissions offshore wind onshore wind clean power energy transition fossil fuels replacement inverters modules utility-scale",
  "water-scarcity":
    "drinking potable fresh supply droughts arid dry regions aquifers pipes pipelines pumps membranes sewage effluent purification " +
    "purify recycling reuse shortages leaks leaky metering municipal utilities thirsty hydration filtration",
  "space-economy":
    "rockets spaceflight orbital low earth orbit leo aerospace moon lunar mars outer space cosmos astronauts satellite internet " +
    "geospatial imagery constellations launchers ground stations navigation gps",
  "obesity-drugs":
    "overweight anti-obesity appetite suppressants slimming fat body weight bmi blood sugar insulin peptides injectable " +
    "pharmaceuticals medication medicines therapies pharma drugmakers",
  "robotics-automation":
    "robot arms automated factories manufacturing automation industry 4.0 autonomous machines plc servo motors conveyors " +
    "logistics fulfilment humanoid computer vision mechatronics sensors production lines assembly",
  "fintech-payments":
    "credit cards debit cards mobile payments online banking cashless contactless money transfer remittances point of sale checkout " +
    "bnpl card networks lending apps merchants acquirers transactions wallets banking software",
  "defence-modernisation":
    "weapons armed forces army navy air force missiles ammunition warfare national security military spending tanks fighter jets " +
    "artillery rearm defense budgets war soldiers uavs",
  "ageing-populations":
    "old age older people elder care elderly care nursing homes assisted living baby boomers retirees silver economy geriatric " +
    "alzheimer osteoporosis hip knee replacement implants pension funds life expectancy over 65 age-related",
  "electric-vehicles":
    "electric cars battery electric chargers charging stations e-bikes electric buses electric trucks zero-emission vehicles " +
    "cathode anode drivetrain plug-in hybrid motors automakers transport car",
  genomics:
    "genes genetic genetic testing genome sequencers personalised medicine personalized medicine biotech biotechnology mrna rna " +
    "molecular diagnostics targeted therapy genetic disease bioinformatics lab tools heredity",
  "nuclear-renaissance":
    "atomic energy fission fusion uranium mining nuclear reactors reactor carbon-free baseload modular reactors yellowcake " +
    "power plants atom",
  "critical-minerals":
    "rare earth elements metals miners ore mines battery materials strategic metals mineral supply chain smelting recycling " +
    "extraction deposits commodities",
  "quantum-computing":
    "qubit quantum computers quantum chips superposition entanglement quantum encryption quantum cryptography quantum advantage " +
    "ion trap photonic processors cryogenic dilution refrigerators",
  "food-security":
    "farming farms farmers crops fertilizers harvests agricultural machinery tractors feeding hunger plant-based meat alternatives " +
    "aquaculture fish farming yields grain population growth nutrition",
  "grid-modernisation":
    "electricity networks power lines transmission lines cables switchgear electric grid grid upgrades power distribution " +
    "transformers energy infrastructure utilities substations interconnectors wires",
  "cloud-software":
    "saas software subscriptions online software cloud platforms hosting databases analytics developer tools software-as-a-service " +
    "enterprise apps crm erp cloud-native recurring revenue internet-delivered",
};

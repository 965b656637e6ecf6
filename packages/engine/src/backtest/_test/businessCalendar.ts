export { businessCalendar, mondayOf, utc } from "../../testing/businessCalendar.ts";

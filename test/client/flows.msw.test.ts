import { describeFlows } from "./_support/flows.ts";
import { mswTransport } from "./_support/transports.ts";

describeFlows(mswTransport());

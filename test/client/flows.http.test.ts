import { describeFlows } from "./_support/flows.ts";
import { httpTransport } from "./_support/transports.ts";

describeFlows(httpTransport());

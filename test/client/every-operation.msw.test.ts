import { describeEveryOperation } from "./_support/everyOperation.ts";
import { mswTransport } from "./_support/transports.ts";

describeEveryOperation(mswTransport());

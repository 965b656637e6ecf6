import { describeEveryOperation } from "./_support/everyOperation.ts";
import { httpTransport } from "./_support/transports.ts";

describeEveryOperation(httpTransport());

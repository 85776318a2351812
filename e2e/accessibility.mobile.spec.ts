import { describeAccessibilitySweep, PHONE_ONLY } from "./accessibility.ts";

// Every screen on a 390 px phone, with the header menu and the seasons sheet
// open too: no serious or critical axe finding, one h1, no skipped heading level.
describeAccessibilitySweep("phone", PHONE_ONLY);

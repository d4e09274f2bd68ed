// Workflow, integration and e2e files run against real servers on 2 shared cores, beside other
// jest workers: a login with argon2 or a first Temporal round trip can take seconds. A file
// that sets no timeout of its own gets this one instead of jest's 5 s (which failed under load).
jest.setTimeout(60_000);

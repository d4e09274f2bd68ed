// Component tests run beside the platform's integration and e2e workers on 2 shared cores:
// a jsdom render of an MUI dialog then takes seconds, not milliseconds. 5 s failed under load.
jest.setTimeout(20_000);

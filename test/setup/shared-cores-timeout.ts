// Unit and component tests run beside the platform's integration and e2e workers on 2 shared
// cores: a jsdom render of an MUI dialog, or a PDF drawn with sharp, then takes seconds, not
// milliseconds. jest's 5 s default failed under that load.
jest.setTimeout(20_000);

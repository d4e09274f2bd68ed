import { jest } from '@jest/globals';

/** react-router needs TextEncoder, which jsdom leaves out: lend Node's. Import before the router. */
const util = jest.requireActual<{ TextEncoder: typeof TextEncoder; TextDecoder: typeof TextDecoder }>('util');
if (typeof globalThis.TextEncoder === 'undefined')
  Object.assign(globalThis, { TextEncoder: util.TextEncoder, TextDecoder: util.TextDecoder });

import { setupServer } from "msw/node";

/**
 * The network of the web tests: every request a test's code sends must meet a handler (MSW), or
 * the test fails. Tests add their handlers with `server.use(...)`; they are removed after each test.
 */
export const server = setupServer();

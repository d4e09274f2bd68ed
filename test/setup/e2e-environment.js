/**
 * The e2e project's environment: node's, plus the name of the test whose body just failed, on
 * the test's global (`__e2eFailure`). The suite's afterEach (test/support/suite.ts) then shows
 * what each open page held: its URL and text in the log CI keeps, a screenshot beside the
 * others. A flake that only CI meets can be read from its log.
 *
 * Plain JavaScript: jest loads it before any transform.
 */
const { TestEnvironment } = require('jest-environment-node');

class E2eEnvironment extends TestEnvironment {
  async handleTestEvent(event) {
    if (event.name === 'test_start') this.global.__e2eFailure = null;
    else if (event.name === 'test_fn_failure') this.global.__e2eFailure = event.test.name;
  }
}

module.exports = E2eEnvironment;

// Runs the e2e files in a fixed order: CLI (2.x), CLI compatibility (1.x), then the browser suites
// (the node panel, then credentials and runs). A file not listed runs after these, by path.
const Sequencer = require('@jest/test-sequencer').default;

const ORDER = ['cli.e2e.test.ts', 'editor-fields.e2e.test.ts', 'editor-run.e2e.test.ts'];

class E2eSequencer extends Sequencer {
	sort(tests) {
		const rank = (t) => {
			const i = ORDER.findIndex((name) => t.path.endsWith(name));
			return i === -1 ? ORDER.length : i;
		};
		return [...tests].sort((a, b) => rank(a) - rank(b) || a.path.localeCompare(b.path));
	}
}

module.exports = E2eSequencer;

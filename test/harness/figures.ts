/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A figure a test measured on the way (memory kept, a round trip): printed only with
 * TEST_FIGURES=1, so that a green `npm test` stays quiet. The figures to follow live in bench/.
 */
export function figure(line: string): void {
	if (process.env.TEST_FIGURES === '1') process.stdout.write(`${line}\n`);
}

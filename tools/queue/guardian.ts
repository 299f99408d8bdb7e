/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * The guardian of one queue stack (see leftovers.ts): `guardian.ts <note file>`. Polls twice a
 * second; when the note is gone the stack was stopped normally and it exits; when the note's owner
 * is gone it ends the stack's processes, removes its folder, and exits.
 */
import * as fs from 'node:fs';
import { alive, cleanStack, readNote } from './leftovers';

const file = process.argv[2];

const timer = setInterval(() => {
	if (!fs.existsSync(file)) {
		clearInterval(timer);
		return;
	}
	const note = readNote(file);
	if (note && !alive(note.owner)) {
		cleanStack(file, note);
		clearInterval(timer);
	}
}, 500);

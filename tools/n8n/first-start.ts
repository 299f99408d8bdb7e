/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * What `npm start` says while n8n imports the demos and starts: the database is named only where
 * it is set up, by the first n8n command in a user folder that has none (normally the import).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** n8n's SQLite file in a user folder (N8N_USER_FOLDER/.n8n). */
export function hasDatabase(userFolder: string): boolean {
	return fs.existsSync(path.join(userFolder, '.n8n', 'database.sqlite'));
}

const SETS_UP = "the first n8n command in this folder sets up n8n's database";

export function importWords(databaseThere: boolean): string {
	return `importing the demo credential and workflows (n8n import${databaseThere ? '' : `; ${SETS_UP}`})`;
}

export function startWords(databaseThere: boolean): string {
	return databaseThere ? 'waiting for n8n to answer' : `waiting for n8n to answer (${SETS_UP})`;
}

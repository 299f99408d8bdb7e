/** `n8n execute`: runs one workflow headless and reads its run data out of n8n's output. */
import { n8nCli } from './cli';
import { type N8nEnvOptions } from './environment';
import { type Runtime } from './install';

export interface ExecuteResult {
	code: number;
	ok: boolean;
	stdout: string;
	stderr: string;
	/** The run data printed with --rawOutput, when it could be parsed. */
	run?: {
		data?: {
			resultData?: {
				error?: { message?: string; description?: string; node?: { name?: string } };
				runData?: Record<
					string,
					Array<{
						error?: { message?: string };
						data?: { main?: Array<Array<{ json: Record<string, unknown> }> | null> };
					}>
				>;
				lastNodeExecuted?: string;
			};
		};
		status?: string;
		[key: string]: unknown;
	};
	/** The json of every output item of `node` (default: the last node executed), first output. */
	items(node?: string): Array<Record<string, unknown>>;
	/** The workflow's error message, when it failed. */
	errorMessage?: string;
}

/** Finds the run data (a JSON object with data.resultData, starting a line) in mixed output. */
function extractRunData(text: string): unknown {
	for (let start = text.indexOf('{'); start !== -1; start = text.indexOf('{', start + 1)) {
		// Only consider an object that starts a line.
		if (start > 0 && text[start - 1] !== '\n') continue;
		let depth = 0;
		let inString = false;
		for (let i = start; i < text.length; i++) {
			const ch = text[i];
			if (inString) {
				if (ch === '\\') i++;
				else if (ch === '"') inString = false;
			} else if (ch === '"') inString = true;
			else if (ch === '{') depth++;
			else if (ch === '}') {
				depth--;
				if (depth === 0) {
					try {
						const value = JSON.parse(text.slice(start, i + 1)) as {
							data?: { resultData?: unknown };
						};
						if (value?.data?.resultData) return value;
					} catch {
						/* not JSON: keep looking */
					}
					break;
				}
			}
		}
	}
	return undefined;
}

export async function executeWorkflow(
	runtime: Runtime,
	userFolder: string,
	workflowId: string,
	options: N8nEnvOptions = {},
): Promise<ExecuteResult> {
	// n8n prints the run data through its logger, at level info.
	const result = await n8nCli(
		runtime,
		userFolder,
		['execute', `--id=${workflowId}`, '--rawOutput'],
		{
			...options,
			logLevel: 'info',
			allowFail: true,
		},
	);
	const runData = extractRunData(result.stdout) as ExecuteResult['run'];
	const resultData = runData?.data?.resultData;
	const errorMessage =
		resultData?.error?.message ??
		(result.code !== 0
			? (result.stderr || result.stdout).trim().split('\n').slice(-5).join('\n')
			: undefined);
	return {
		code: result.code,
		ok: result.code === 0 && !resultData?.error,
		stdout: result.stdout,
		stderr: result.stderr,
		run: runData,
		errorMessage,
		items(node?: string) {
			const name = node ?? resultData?.lastNodeExecuted;
			if (!name) return [];
			const runs = resultData?.runData?.[name] ?? [];
			const main = runs[runs.length - 1]?.data?.main?.[0] ?? [];
			return main.map((item) => item.json);
		},
	};
}

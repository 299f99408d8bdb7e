/** The few calls of n8n's REST API (signed in as the owner) the queue suite needs. */

export interface ExecutionSummary {
	id: string;
	status: string;
	mode: string;
	retryOf?: string | null;
	startedAt?: string | null;
	stoppedAt?: string | null;
}

async function rest<T>(
	url: string,
	cookie: string,
	method: 'GET' | 'POST',
	body?: unknown,
): Promise<{ status: number; data?: T; text: string }> {
	const response = await fetch(url, {
		method,
		headers: { cookie, 'content-type': 'application/json', 'browser-id': 'queue-suite' },
		body: body === undefined ? undefined : JSON.stringify(body),
		signal: AbortSignal.timeout(120_000),
	});
	const text = await response.text();
	let data: T | undefined;
	try {
		data = (JSON.parse(text) as { data?: T }).data;
	} catch {
		/* not JSON: the caller reads text */
	}
	return { status: response.status, data, text };
}

/** Activates a workflow's current version (calls in the first moment after may still get 404). */
export async function activateWorkflow(
	baseUrl: string,
	cookie: string,
	workflowId: string,
): Promise<void> {
	const current = await rest<{ versionId: string }>(
		`${baseUrl}/rest/workflows/${workflowId}`,
		cookie,
		'GET',
	);
	if (!current.data?.versionId)
		throw new Error(`workflow ${workflowId}: ${current.status} ${current.text.slice(0, 300)}`);
	const activated = await rest(`${baseUrl}/rest/workflows/${workflowId}/activate`, cookie, 'POST', {
		versionId: current.data.versionId,
	});
	if (activated.status !== 200)
		throw new Error(
			`activating ${workflowId}: ${activated.status} ${activated.text.slice(0, 300)}`,
		);
}

export interface RetryAnswer {
	status: number;
	/** The new execution, when n8n ran the retry. */
	execution?: ExecutionSummary & { finished?: boolean };
	/** n8n's message, when it refused. */
	message?: string;
}

/** n8n's "Retry" of a failed execution, with the workflow as it was saved then (loadWorkflow: false). */
export async function retryExecution(
	baseUrl: string,
	cookie: string,
	executionId: string,
): Promise<RetryAnswer> {
	const answer = await rest<ExecutionSummary & { finished?: boolean }>(
		`${baseUrl}/rest/executions/${executionId}/retry`,
		cookie,
		'POST',
		{
			loadWorkflow: false,
		},
	);
	if (answer.status === 200 && answer.data) return { status: 200, execution: answer.data };
	let message = answer.text.slice(0, 500);
	try {
		message = (JSON.parse(answer.text) as { message?: string }).message ?? message;
	} catch {
		/* keep the text */
	}
	return { status: answer.status, message };
}

/**
 * Every execution of a workflow, page by page (at most 100 a page, newest first): n8n 2.41 pages
 * with the `nextCursor` it returns, earlier versions (1.x, 2.40) with `lastId`.
 */
export async function listExecutions(
	get: <T>(path: string) => Promise<T>,
	workflowId: string,
): Promise<Array<{ id: string; status: string }>> {
	const filter = encodeURIComponent(JSON.stringify({ workflowId }));
	const all: Array<{ id: string; status: string }> = [];
	for (let next = ''; ; ) {
		const page = await get<{
			results: Array<{ id: string | number; status: string }>;
			nextCursor?: string | null;
		}>(`/rest/executions?filter=${filter}&limit=100${next}`);
		all.push(...page.results.map((e) => ({ id: String(e.id), status: e.status })));
		if ('nextCursor' in page) {
			if (!page.nextCursor) return all;
			next = `&cursor=${encodeURIComponent(page.nextCursor)}`;
		} else {
			if (page.results.length === 0) return all;
			next = `&lastId=${all[all.length - 1].id}`;
		}
	}
}

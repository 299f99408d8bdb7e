/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A small OpenAI-compatible chat model for the agent tests (POST /v1/chat/completions, on
 * 127.0.0.1 at a port the OS picks). It answers the first request of a conversation with one call
 * of the first tool it is offered, with the arguments the test gives, and any request that holds a
 * `tool` message with a final text. Given `toolName`, it calls that tool instead, as a model picks
 * one of several by what it was asked. Every request body is kept, so a test reads what n8n told the
 * model: the tools with their schema, and the tool's result.
 */
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ChatMessage {
	role: string;
	content?: unknown;
	tool_call_id?: string;
	tool_calls?: unknown[];
}

export interface ChatTool {
	type: string;
	function: { name: string; description?: string; parameters?: Record<string, unknown> };
}

export interface ChatRequest {
	model?: string;
	stream?: boolean;
	messages: ChatMessage[];
	tools?: ChatTool[];
}

export const FINAL_ANSWER = 'Done: the tool answered.';

export class FakeChatModel {
	readonly requests: ChatRequest[] = [];

	/** The arguments of the tool call the model makes. */
	toolArguments: Record<string, unknown> = {};

	/** The tool the model calls; unset, the first it is offered. */
	toolName: string | undefined;

	private server: http.Server | undefined;

	/** The base URL to put in the OpenAI credential (`…/v1`). */
	async start(): Promise<string> {
		this.server = http.createServer((req, res) => void this.handle(req, res));
		await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
		return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/v1`;
	}

	async stop(): Promise<void> {
		const server = this.server;
		if (!server) return;
		server.closeAllConnections();
		await new Promise<void>((resolve) => server.close(() => resolve()));
	}

	reset(): void {
		this.requests.length = 0;
		this.toolName = undefined;
	}

	/** The `tool` messages n8n sent back to the model, in order. */
	toolResults(): string[] {
		return this.requests.flatMap((r) =>
			r.messages.filter((m) => m.role === 'tool').map((m) => contentText(m.content)),
		);
	}

	private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
		const chunks: Buffer[] = [];
		for await (const chunk of req) chunks.push(chunk as Buffer);
		if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
			res
				.writeHead(404, { 'content-type': 'application/json' })
				.end('{"error":{"message":"not found"}}');
			return;
		}
		const request = JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChatRequest;
		this.requests.push(request);
		const answered = request.messages.some((m) => m.role === 'tool');
		const offered = request.tools?.map((t) => t.function.name) ?? [];
		const tool =
			this.toolName === undefined ? offered[0] : offered.find((name) => name === this.toolName);
		const message: ChatMessage =
			answered || !tool
				? { role: 'assistant', content: FINAL_ANSWER }
				: {
						role: 'assistant',
						content: null,
						tool_calls: [
							{
								id: `call_${this.requests.length}`,
								type: 'function',
								function: { name: tool, arguments: JSON.stringify(this.toolArguments) },
							},
						],
					};
		const finish = message.tool_calls ? 'tool_calls' : 'stop';
		if (request.stream) streamAnswer(res, request, message, finish);
		else
			res
				.writeHead(200, { 'content-type': 'application/json' })
				.end(JSON.stringify(completion(request, message, finish)));
	}
}

function contentText(content: unknown): string {
	if (typeof content === 'string') return content;
	if (Array.isArray(content))
		return content.map((part) => (part as { text?: string }).text ?? '').join('');
	return JSON.stringify(content);
}

const USAGE = { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 };

function completion(request: ChatRequest, message: ChatMessage, finish: string) {
	return {
		id: 'chatcmpl-e2e',
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: request.model ?? 'fake',
		choices: [{ index: 0, message, finish_reason: finish, logprobs: null }],
		usage: USAGE,
	};
}

/** The same answer as server-sent events, when the client asked for a stream. */
function streamAnswer(
	res: http.ServerResponse,
	request: ChatRequest,
	message: ChatMessage,
	finish: string,
): void {
	res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
	const base = {
		id: 'chatcmpl-e2e',
		object: 'chat.completion.chunk',
		created: Math.floor(Date.now() / 1000),
		model: request.model ?? 'fake',
	};
	const delta = message.tool_calls
		? {
				role: 'assistant',
				content: null,
				tool_calls: message.tool_calls.map((call, index) => ({ index, ...(call as object) })),
			}
		: { role: 'assistant', content: message.content };
	const send = (body: unknown) => res.write(`data: ${JSON.stringify(body)}\n\n`);
	send({ ...base, choices: [{ index: 0, delta, finish_reason: null }] });
	send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: USAGE });
	res.end('data: [DONE]\n\n');
}

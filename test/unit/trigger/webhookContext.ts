/* eslint-disable @n8n/community-nodes/no-hardcoded-secrets, @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * A hand-made webhook context for the trigger's webhook(): the request n8n hands the node (its
 * headers, query, and its body unread, as a stream, the way n8n leaves it for this node; or
 * already read into `rawBody`), a response that records what the node writes, and the node's
 * parameters.
 */
import { Readable } from 'node:stream';
import type { IBinaryData, IDataObject, INodeExecutionData, IWebhookFunctions } from 'n8n-workflow';

import { SmsOnlineGhTrigger } from '../../../nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node';

export const SECRET = 'f3b1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d';

export interface PushCall {
	body?: string | Buffer;
	contentType?: string;
	query?: IDataObject;
	options?: IDataObject;
	secret?: string;
	/** The body already read by n8n (`rawBody`) instead of left in the request stream. */
	readByN8n?: boolean;
	/** Sent without a Content-Length (chunked): the size shows only while reading. */
	chunked?: boolean;
	/** More request headers (a Content-Encoding, say). */
	headers?: IDataObject;
}

/** The request n8n hands the node: the body in a stream of 64 KiB chunks, or already read. */
export function requestOf(
	body: Buffer | undefined,
	headers: IDataObject,
	how: { readByN8n?: boolean; chunked?: boolean } = {},
): object {
	if (how.readByN8n === true) return { headers, rawBody: body };
	const chunks: Buffer[] = [];
	for (let at = 0; body !== undefined && at < body.length; at += 65536)
		chunks.push(body.subarray(at, at + 65536));
	const stream = Readable.from(chunks, { objectMode: false });
	const withLength =
		body === undefined || how.chunked === true
			? headers
			: { ...headers, 'content-length': String(body.length) };
	return Object.assign(stream, { headers: withLength });
}

export interface Written {
	status?: number;
	json?: unknown;
}

export interface PushResult {
	/** What webhook() returned. */
	result: Awaited<ReturnType<SmsOnlineGhTrigger['webhook']>>;
	/** What it wrote on the response itself (refusals). */
	written: Written;
	/** The items of the execution it starts, or undefined when it starts none. */
	items: IDataObject[] | undefined;
	/** Each item's binary data, as the fake prepareBinaryData made it (the bytes in `data`, base64). */
	binaries: Array<Record<string, IBinaryData> | undefined> | undefined;
	/** Every message n8n's logger got. */
	logged: unknown[];
}

export async function push(call: PushCall): Promise<PushResult> {
	const written: Written = {};
	const logged: unknown[] = [];
	const response = {
		status(code: number) {
			written.status = code;
			return response;
		},
		json(value: unknown) {
			written.json = value;
			return response;
		},
	};
	const body =
		call.body === undefined
			? undefined
			: Buffer.isBuffer(call.body)
				? call.body
				: Buffer.from(call.body, 'utf8');
	const headers = {
		...(call.contentType === undefined ? {} : { 'content-type': call.contentType }),
		...(call.headers ?? {}),
	};
	const request = requestOf(body, headers, call);
	const parameters: IDataObject = { token: call.secret ?? SECRET, options: call.options ?? {} };
	const log = (...args: unknown[]) => logged.push(args);
	const ctx = {
		getRequestObject: () => request,
		getResponseObject: () => response,
		getQueryData: () => call.query ?? { token: SECRET },
		getNodeParameter: (name: string, fallback?: unknown) => parameters[name] ?? fallback,
		helpers: {
			returnJsonArray: (items: IDataObject[]) => items.map((json) => ({ json })),
			prepareBinaryData: async (
				data: Buffer,
				fileName: string,
				mimeType: string,
			): Promise<IBinaryData> => ({
				data: data.toString('base64'),
				fileName,
				mimeType,
			}),
		},
		logger: { debug: log, info: log, warn: log, error: log },
	} as unknown as IWebhookFunctions;
	const result = await new SmsOnlineGhTrigger().webhook.call(ctx);
	const started = result.workflowData?.[0] as INodeExecutionData[] | undefined;
	return {
		result,
		written,
		items: started?.map((item) => item.json),
		binaries: started?.map((item) => item.binary),
		logged,
	};
}

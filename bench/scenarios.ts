/** The measured scenarios (a)–(h), and which of them run at which size, how many times. */
import { fmtN } from './format';
import { BATCH, BIG_BATCH, FLOOR_BIG_RUNS, HTTP_MAX, ONLY, RUNS } from './settings';

export type ScenarioKey =
	| 'floor'
	| 'readN8n'
	| 'readNode'
	| 'readPost'
	| 'send'
	| 'voice'
	| 'sendBig'
	| 'personalised'
	| 'http'
	| 'rawSend'
	| 'rawPersonalised'
	| 'report';

export interface Scenario {
	key: ScenarioKey;
	label: string;
	short: string;
	/** Name of the measured node in the workflow (n8n scenarios). */
	node?: string;
	/** Four letters of the workflow id. */
	code?: string;
	/** For the raw client: the n8n scenario whose journal gives the bodies. */
	bodiesOf?: ScenarioKey;
	color: string;
}

export const SCENARIOS: Scenario[] = [
	{
		key: 'floor',
		label: '(a) floor: Edit Fields (Set) reading 3 fields',
		short: 'floor (Set)',
		node: 'Read fields (Set)',
		code: 'Flor',
		color: '#8c8c8c',
	},
	// A minimal node reading Send's parameters and sending nothing (bench/floor-node/): by n8n's
	// getNodeParameter per item, and the way Send reads them, which is Send's own floor in n8n.
	{
		key: 'readN8n',
		label: "(h) floor node: Send's parameters by getNodeParameter per item",
		short: 'read, n8n',
		node: 'Read Parameters',
		code: 'RdN8',
		color: '#7f7f7f',
	},
	{
		key: 'readNode',
		label: "(h′) floor node: Send's parameters read as Send reads them",
		short: 'read, as Send',
		node: 'Read Parameters',
		code: 'RdNo',
		color: '#c7c7c7',
	},
	// (h′) and then Send's batches posted through n8n's HTTP helper, one after the other, as Send
	// must post them: Send's floor in n8n with its requests; what Send takes above it is its own work.
	{
		key: 'readPost',
		label: "(h″) floor node: (h′), then Send's batches posted through n8n's HTTP helper",
		short: 'read + post',
		node: 'Read Parameters',
		code: 'RdPo',
		color: '#aec7e8',
	},
	{
		key: 'send',
		label: '(b) SMSOnlineGH Send',
		short: 'Send',
		node: 'Send SMS',
		code: 'Send',
		color: '#1f77b4',
	},
	// Voice → Send right after Send, so the two compared by the target run side by side, on the
	// same machine load: the same pipeline with a voice body, answer and sender check.
	{
		key: 'voice',
		label: '(g) SMSOnlineGH Voice → Send',
		short: 'Voice Send',
		node: 'Voice Send',
		code: 'Voic',
		color: '#e377c2',
	},
	{
		key: 'sendBig',
		label: `(b′) Send, Batch Size ${fmtN(BIG_BATCH)}`,
		short: `Send, batch ${BIG_BATCH / 1000}k`,
		node: 'Send SMS',
		code: 'SBig',
		color: '#17becf',
	},
	{
		key: 'personalised',
		label: '(c) SMSOnlineGH Send Personalised',
		short: 'Send Personalised',
		node: 'Send Personalised SMS',
		code: 'Pers',
		color: '#2ca02c',
	},
	{
		key: 'http',
		label: '(d) HTTP Request, one request per contact',
		short: 'HTTP Request',
		node: 'HTTP Request',
		code: 'Http',
		color: '#d62728',
	},
	{
		key: 'rawSend',
		label: '(e) raw fetch client, bodies of (b)',
		short: 'raw fetch (b)',
		bodiesOf: 'send',
		color: '#9467bd',
	},
	// Send (b) and then Get Delivery Report on its output: the measured node is the report, one
	// request per batch of 1,000 (the message ids of each batch in one query); the run's peak
	// memory is compared with Send's alone.
	{
		key: 'report',
		label: '(f) Send → Get Delivery Report',
		short: 'Send → Report',
		node: 'Get Delivery Report',
		code: 'Rprt',
		color: '#bcbd22',
	},
	{
		key: 'rawPersonalised',
		label: '(e) raw fetch client, bodies of (c)',
		short: 'raw fetch (c)',
		bodiesOf: 'personalised',
		color: '#ff7f0e',
	},
];

export function runsFor(s: Scenario, n: number): number {
	// n8n's expressions take milliseconds an item: at 100,000 one run of these takes minutes.
	return (s.key === 'floor' || s.key === 'readN8n') && n >= 100_000
		? Math.min(RUNS, FLOOR_BIG_RUNS)
		: RUNS;
}

export function enabled(s: Scenario, n: number): boolean {
	if (ONLY && !ONLY.has(s.key)) return false;
	if (s.key === 'http' && n > HTTP_MAX) return false;
	// At or below one batch of the default size the variant sends exactly what (b) sends.
	if (s.key === 'sendBig' && n <= BATCH) return false;
	return true;
}

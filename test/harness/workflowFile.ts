/* eslint-disable @n8n/community-nodes/no-restricted-imports -- development code, run by Node and never loaded by n8n; the house rules hold it (docs/development.md) */
/**
 * Runs a workflow file as n8n imports it (the demo workflows of tools/n8n/workflows/) in process,
 * with n8n-core's WorkflowExecute: the SMS nodes are the real node, with the file's parameters and
 * real HTTP to the simulator. n8n's own nodes the demos use are not installed here (n8n-nodes-base
 * is n8n's, not a dependency), so each has a stand-in doing what the demo relies on:
 * - Manual Trigger: one empty item, as n8n gives it;
 * - Code (JavaScript, Run Once for All Items, the Code node's default): the file's code, run in a
 *   fresh context, its returned items JSON-copied (the task runner sends them across as JSON too);
 * - Wait: passes its items on at once. Waiting is n8n's job, and the simulator reports a message
 *   as final as soon as it is asked (deliverAfterMs 0), so the report node sees the same verdicts.
 */
import { runInNewContext } from 'node:vm';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IConnections,
	INode,
	INodeExecutionData,
	INodeType,
	IRun,
} from 'n8n-workflow';

import type { WorkflowFile } from '../../tools/n8n/runtime/demo-data';
import { executeNodes, fillDefaults, NodeTypes, SMS_NODE_TYPE } from './workflow';

function standIn(
	name: string,
	properties: INodeType['description']['properties'],
	run: (ctx: IExecuteFunctions) => INodeExecutionData[],
): INodeType {
	return {
		description: {
			displayName: name,
			name,
			group: ['transform'],
			version: [1, 1.1, 2],
			description: `Stand-in for n8n's ${name} node`,
			defaults: { name },
			inputs: ['main'],
			outputs: ['main'],
			properties,
		} as unknown as INodeType['description'],
		async execute(this: IExecuteFunctions) {
			return [run(this)];
		},
	};
}

const passThrough = (ctx: IExecuteFunctions) =>
	ctx.getInputData().map((item, index) => ({ json: item.json, pairedItem: { item: index } }));

function runCode(ctx: IExecuteFunctions): INodeExecutionData[] {
	const code = ctx.getNodeParameter('jsCode', 0) as string;
	const returned = runInNewContext(
		`(function () {\n${code}\n})()`,
		{},
		{ timeout: 5000 },
	) as unknown;
	const items = JSON.parse(JSON.stringify(returned)) as Array<{ json: IDataObject }>;
	return items.map((item) => ({ json: item.json, pairedItem: { item: 0 } }));
}

const STAND_INS: Record<string, INodeType> = {
	'n8n-nodes-base.manualTrigger': standIn('manualTrigger', [], () => [{ json: {} }]),
	'n8n-nodes-base.code': standIn(
		'code',
		[{ displayName: 'Code', name: 'jsCode', type: 'string', default: '' }],
		runCode,
	),
	'n8n-nodes-base.wait': standIn(
		'wait',
		[
			{ displayName: 'Amount', name: 'amount', type: 'number', default: 1 },
			{ displayName: 'Unit', name: 'unit', type: 'string', default: 'seconds' },
		],
		passThrough,
	),
};

export interface FileRun {
	run: IRun;
	/** A node's output items (first output, last run), by the node's name in the file. */
	output(nodeName: string): IDataObject[];
}

/**
 * Runs the workflow file once, as a manual execution: its SMS nodes use the credential data given.
 * `extraTypes`: further node types by type name (the bench's floor node).
 */
export async function runWorkflowFile(
	file: WorkflowFile,
	credentials: ICredentialDataDecryptedObject,
	extraTypes: Record<string, INodeType> = {},
): Promise<FileRun> {
	const nodeTypes = new NodeTypes({ ...STAND_INS, ...extraTypes });
	const nodes = structuredClone(file.nodes) as unknown as INode[];
	for (const node of nodes) {
		// A node type the harness does not know would be a demo this runner cannot prove.
		nodeTypes.getByNameAndVersion(node.type);
		if (node.type === SMS_NODE_TYPE) fillDefaults(node, nodeTypes);
	}
	const { run } = await executeNodes(
		nodes,
		file.connections as IConnections,
		nodeTypes,
		credentials,
	);
	return {
		run,
		output(nodeName) {
			const runs = run.data.resultData.runData[nodeName] ?? [];
			return (runs[runs.length - 1]?.data?.main?.[0] ?? []).map((item) => item.json);
		},
	};
}

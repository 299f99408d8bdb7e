/**
 * The demo workflows of `npm start` and `npm run demo` (tools/n8n/workflows/), the files
 * themselves, run in process against the simulator (test/harness/workflowFile.ts: n8n's own
 * nodes stood in for): each runs without an error, and the voice reminder gives exactly what
 * docs/try-it.md says it gives.
 */
import type { IDataObject } from 'n8n-workflow';

import { customVoiceMessageId } from '../../nodes/shared/referenceIds';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { destinationsReportPath } from '../../nodes/shared/transport/endpoints/report';
import { demoWorkflows } from '../../tools/n8n/runtime/demo-data';
import { SMS_NODE_TYPE } from '../harness/workflow';
import { runWorkflowFile } from '../harness/workflowFile';
import { BATCH, useSimulator } from './fixtures';
import { VOICE_PATH } from './voiceFixtures';

const VOICE_DEMO = 'SmsDemoVoice0001';
const TEMPLATE = 'appointment_reminder';
/** The demo's patients: appointment, the number as the node sends it, the number as the service gives it. */
const PATIENTS = [
	['APT-2001', '0241234567', '233241234567'],
	['APT-2002', '233201234567', '233201234567'], // written +233 20 123 4567
	['APT-2003', '0240000000', '233240000000'],
] as const;

const voiceDemo = () => {
	const file = demoWorkflows().find((workflow) => workflow.id === VOICE_DEMO);
	if (!file) throw new Error(`no demo workflow ${VOICE_DEMO}`);
	return file;
};

describe('The demo workflows, run in process against the simulator', () => {
	const t = useSimulator();

	it('lists the voice reminder among the demos, with its own id and name', () => {
		const workflows = demoWorkflows();
		expect(workflows.map((w) => w.id)).toEqual([
			'SmsDemoSend00001',
			'SmsDemoPerso0001',
			'SmsDemoReport001',
			VOICE_DEMO,
			'SmsDemoBalance01',
		]);
		expect(voiceDemo().name).toBe('SMSOnlineGH demo: voice reminder to a contact list');
	});

	it.each(demoWorkflows().map((w) => [w.name, w] as const))(
		'%s: runs without an error, every SMSOnlineGH node without an error item',
		async (_name, file) => {
			const { run, output } = await runWorkflowFile(file, t.apiKey());
			expect(run.data.resultData.error).toBeUndefined();
			for (const node of file.nodes.filter((n) => n.type === SMS_NODE_TYPE)) {
				const items = output(node.name);
				expect(items.length).toBeGreaterThan(0);
				expect(items.filter((item) => item.error !== undefined)).toEqual([]);
			}
		},
	);

	it('every SMSOnlineGH node is on the node’s newest version', () => {
		const newest = new SmsOnlineGh().description.defaultVersion;
		const versions = demoWorkflows().flatMap((w) =>
			w.nodes.filter((n) => n.type === SMS_NODE_TYPE).map((n) => [w.id, n.name, n.typeVersion]),
		);
		expect(versions.length).toBeGreaterThanOrEqual(5);
		expect(versions).toEqual(versions.map(([id, name]) => [id, name, newest]));
	});

	it('send to a contact list shows Smart Encoding: the text with ’ and – goes as GSM, 1 part, and each item says what was replaced and the part saved', async () => {
		const demo = demoWorkflows().find((workflow) => workflow.id === 'SmsDemoSend00001');
		if (!demo) throw new Error('no demo workflow SmsDemoSend00001');
		const { output } = await runWorkflowFile(demo, t.apiKey());
		expect(t.requests()).toHaveLength(1);
		expect(JSON.parse(t.requests()[0].rawBody)).toMatchObject({
			text: "It's ready - come by from 9 tomorrow to collect your order. Reply STOP to opt out.",
			type: 0,
			destinations: expect.arrayContaining([expect.any(String)]),
		});
		const items = output('Send SMS');
		expect(
			(JSON.parse(t.requests()[0].rawBody) as { destinations: unknown[] }).destinations,
		).toHaveLength(5);
		expect(items).toHaveLength(5);
		for (const item of items) {
			expect(item).toMatchObject({
				verdict: 'accepted',
				messageType: 'gsm',
				characters: 82,
				parts: 1,
				replaced: "’ → ', – → -",
				partsSaved: 1,
			});
		}
	});

	it('voice reminder: one voice request (template, sender, a message id per appointment), then one report query of the batch', async () => {
		const { output } = await runWorkflowFile(voiceDemo(), t.apiKey());
		const ids = PATIENTS.map(([appointment, , to]) =>
			customVoiceMessageId(appointment, to, TEMPLATE),
		);
		const [send, report] = t.requests();
		expect(t.requests()).toHaveLength(2);
		expect(send.path).toBe(VOICE_PATH);
		expect(JSON.parse(send.rawBody)).toEqual({
			template: TEMPLATE,
			sender: 'DemoVoice',
			destinations: PATIENTS.map(([, number], k) => ({ number, id: ids[k] })),
		});
		const sent = output('Voice Reminder');
		const batch = String(sent[0].batch);
		expect(batch).toMatch(BATCH);
		expect(
			sent.map((item) => [
				item.to,
				item.verdict,
				item.category,
				item.template,
				item.clientReference,
			]),
		).toEqual(
			PATIENTS.map(([appointment, , to]) => [to, 'accepted', 'voice', TEMPLATE, appointment]),
		);
		expect(report.path).toBe(destinationsReportPath(batch));
		expect(JSON.parse(report.rawBody)).toEqual({ destinations: ids });
		const checked: IDataObject[] = output('Check Delivery');
		expect(
			checked.map((item) => [
				item.to,
				item.verdict,
				item.final,
				item.category,
				item.clientReference,
				item.messageId,
			]),
		).toEqual([
			['233241234567', 'delivered', true, 'voice', 'APT-2001', ids[0]],
			['233201234567', 'delivered', true, 'voice', 'APT-2002', ids[1]],
			['233240000000', 'undelivered', true, 'voice', 'APT-2003', ids[2]],
		]);
	});

	it('voice reminder run twice: the second run sends nothing, every number alreadySent', async () => {
		await runWorkflowFile(voiceDemo(), t.apiKey());
		const again = await runWorkflowFile(voiceDemo(), t.apiKey());
		expect(
			again.output('Voice Reminder').map((item) => [item.verdict, item.clientReference]),
		).toEqual(PATIENTS.map(([appointment]) => ['alreadySent', appointment]));
		expect(t.sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233201234567': 1,
			'233240000000': 1,
		});
	});

	it('send, wait, check delivery run twice: the second report says alreadySent for every number, never rejected', async () => {
		const demo = demoWorkflows().find((workflow) => workflow.id === 'SmsDemoReport001');
		if (!demo) throw new Error('no demo workflow SmsDemoReport001');
		const first = await runWorkflowFile(demo, t.apiKey());
		expect(first.output('Check Delivery').map((item) => item.verdict)).toEqual([
			'delivered',
			'delivered',
			'undelivered',
			'expired',
		]);
		const again = await runWorkflowFile(demo, t.apiKey());
		expect(again.output('Send SMS').map((item) => item.verdict)).toEqual([
			'alreadySent',
			'alreadySent',
			'alreadySent',
			'alreadySent',
		]);
		const report = again.output('Check Delivery');
		expect(report.map((item) => [item.verdict, item.final])).toEqual(
			Array.from({ length: 4 }, () => ['alreadySent', true]),
		);
		expect(report.some((item) => item.verdict === 'rejected')).toBe(false);
		expect(t.sim.submissionCounts()).toEqual({
			'233241234567': 1,
			'233201234567': 1,
			'233240000000': 1,
			'233559999999': 1,
		});
	});
});

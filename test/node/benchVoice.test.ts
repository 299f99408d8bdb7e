/**
 * The bench's Voice → Send scenario (g), the workflow `npm run bench` imports into n8n, run in
 * process against the simulator (test/harness/workflowFile.ts): its parameters name a template and
 * a voice sender the account has, and every contact comes out accepted as a voice message, one
 * request per batch of 1,000 after the sender check's profile request. So a bench run measures
 * sending, not a refusal.
 */
import { PROFILE_PATH } from '../../nodes/shared/transport/endpoints/profile';
import { DEMO_ACCOUNT } from '../../simulator';
import { SCENARIOS } from '../../bench/scenarios';
import { workflow } from '../../bench/workflows';
import { runWorkflowFile } from '../harness/workflowFile';
import { useSimulator } from './fixtures';
import { VOICE_PATH } from './voiceFixtures';

const CONTACTS = 1500;

describe("The bench's Voice → Send scenario, run in process", () => {
	const t = useSimulator();

	it(`${CONTACTS} contacts: all accepted as voice, two voice requests (Batch Size 1000) after one profile request`, async () => {
		t.sim.setBalance(DEMO_ACCOUNT.id, 10_000); // the bench's account has credit enough for any size
		const scenario = SCENARIOS.find((s) => s.key === 'voice');
		if (!scenario?.node) throw new Error('no voice scenario');
		const { run, output } = await runWorkflowFile(
			workflow(scenario, CONTACTS, t.baseUrl),
			t.apiKey(),
		);
		expect(run.data.resultData.error).toBeUndefined();
		const items = output(scenario.node);
		expect(items).toHaveLength(CONTACTS);
		expect(
			items.filter(
				(item) =>
					item.verdict === 'accepted' &&
					item.category === 'voice' &&
					item.template === 'appointment_reminder',
			),
		).toHaveLength(CONTACTS);
		expect(items[CONTACTS - 1].to).toBe(`23324${String(CONTACTS - 1).padStart(7, '0')}`);
		expect(t.allRequests().map((r) => r.path)).toEqual([PROFILE_PATH, VOICE_PATH, VOICE_PATH]);
		expect(JSON.parse(t.allRequests()[1].rawBody)).toMatchObject({
			template: 'appointment_reminder',
			sender: 'DemoVoice',
		});
	});
});

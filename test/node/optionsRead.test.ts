/**
 * Every option an operation shows is one it reads. Each operation with an Options collection runs
 * in a workflow against the simulator with every shown option set, while the parameter reader
 * (ItemParameters.get) is watched: a dot path (`options.smartEncoding`) names the option it reads,
 * and the collection read whole (`options`) is handed back behind a proxy that notes each member
 * read. The sends (built from items/send.descriptions.ts) must also read no option they hide, so
 * an SMS-only piece shown on Voice → Send, or a send's piece left out, fails here.
 */
import type {
	IDataObject,
	INodeParameters,
	INodeProperties,
	NodeParameterValueType,
} from 'n8n-workflow';

import { ItemParameters } from '../../nodes/SmsOnlineGh/items/parameters';
import { resources } from '../../nodes/SmsOnlineGh/router/registry';
import { SmsOnlineGh } from '../../nodes/SmsOnlineGh/SmsOnlineGh.node';
import { personalisedParameters, sendParameters, useSimulator } from './fixtures';
import { scheduledVoice, tomorrow, voiceParameters } from './voiceFixtures';

/** The options each watched run read, by name. */
const read = new Set<string>();

/** Noted when the collection's members are listed rather than read one by one. */
const ENUMERATED = '(the whole collection)';

const originalGet = ItemParameters.prototype.get;

function watchedGet(
	this: ItemParameters,
	name: string,
	itemIndex: number,
	fallback?: NodeParameterValueType,
): unknown {
	const value = originalGet.call(this, name, itemIndex, fallback);
	if (name.startsWith('options.')) read.add(name.slice('options.'.length).split('.')[0]);
	if (name !== 'options' || typeof value !== 'object' || value === null) return value;
	return new Proxy(value as IDataObject, {
		get(target, key, receiver) {
			if (typeof key === 'string') read.add(key);
			return Reflect.get(target, key, receiver) as unknown;
		},
		// A copy or a walk of the whole collection would note every member as read: it is flagged.
		ownKeys(target) {
			read.add(ENUMERATED);
			return Reflect.ownKeys(target);
		},
	});
}

/** The options an operation's Options collection shows, from the node's description. */
function shownOptions(resource: string, operation: string): INodeProperties[] | undefined {
	const collection = new SmsOnlineGh().description.properties.find(
		(property) =>
			property.name === 'options' &&
			property.displayOptions?.show?.resource?.includes(resource) === true &&
			property.displayOptions.show.operation?.includes(operation) === true,
	);
	return collection?.options as INodeProperties[] | undefined;
}

/**
 * Every shown option given: its default, or a value that makes its reader run (a reference, a
 * report URL, a country code so no number waits on the profile's home country).
 */
const SET: INodeParameters = {
	callbackUrl: 'http://127.0.0.1:9/dlr',
	clientReference: 'order-1',
	countryCode: '233',
	maximumDestinations: 100,
	maximumTotalParts: 100,
};

function everyOption(shown: INodeProperties[]): INodeParameters {
	return Object.fromEntries(
		shown.map((option) => [option.name, SET[option.name] ?? option.default]),
	);
}

type Run = { items: IDataObject[]; parameters: INodeParameters };
type Case = (options: INodeParameters) => Promise<Run>;

describe('every option an operation shows is one it reads', () => {
	const t = useSimulator();

	beforeEach(() => {
		read.clear();
		jest
			.spyOn(ItemParameters.prototype, 'get')
			.mockImplementation(watchedGet as typeof originalGet);
	});

	afterEach(() => jest.restoreAllMocks());

	/** A message scheduled for tomorrow (SMS or voice), by its batch; read is cleared after. */
	async function scheduled(voice = false): Promise<string> {
		const options = { scheduleAt: tomorrow(), scheduleOffset: '+00:00' };
		const parameters = voice ? voiceParameters({ options }) : sendParameters({ options });
		const { items, error } = await t.run({ items: [{ phone: '0241234567' }], parameters });
		expect(error).toBeUndefined();
		read.clear();
		return items[0].json.batch as string;
	}

	async function sent(): Promise<string> {
		const { items } = await t.run({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters(),
		});
		read.clear();
		return items[0].json.batch as string;
	}

	const onBatch =
		(resource: string, operation: string, voice = false): Case =>
		async (options) => ({
			items: [{ batch: await scheduled(voice) }],
			parameters: { resource, operation, batch: '={{ $json.batch }}', options },
		});

	const cases: Record<string, Case> = {
		'sms.send': async (options) => ({
			items: [{ phone: '0241234567' }],
			parameters: sendParameters({ options }),
		}),
		'sms.sendPersonalised': async (options) => ({
			items: [{ phone: '0241234567', first_name: 'Ama', amount: 5 }],
			parameters: personalisedParameters({ options }),
		}),
		'sms.getDeliveryReport': async (options) => ({
			items: [{ batch: await sent() }],
			parameters: {
				resource: 'sms',
				operation: 'getDeliveryReport',
				batch: '={{ $json.batch }}',
				options,
			},
		}),
		'voice.send': async (options) => ({
			items: [{ phone: '0241234567' }],
			parameters: voiceParameters({ options }),
		}),
		'voice.getDeliveryReport': async (options) => ({
			items: [{ batch: await sent() }],
			parameters: {
				resource: 'voice',
				operation: 'getDeliveryReport',
				batch: '={{ $json.batch }}',
				options,
			},
		}),
		'scheduledSms.getMany': async (options) => ({
			items: [{}],
			parameters: { resource: 'scheduledSms', operation: 'getMany', options },
		}),
		'scheduledSms.get': onBatch('scheduledSms', 'get'),
		'scheduledSms.update': async (options) => ({
			items: [{ batch: await scheduled() }],
			parameters: {
				resource: 'scheduledSms',
				operation: 'update',
				batch: '={{ $json.batch }}',
				updateFields: {
					text: 'See you at noon.',
					addNumbers: '0551234567',
					scheduleAt: tomorrow(1),
					scheduleOffset: '+00:00',
				},
				options,
			},
		}),
		'scheduledSms.sendNow': onBatch('scheduledSms', 'sendNow'),
		'scheduledSms.cancel': onBatch('scheduledSms', 'cancel'),
		'scheduledVoice.getMany': async (options) => ({
			items: [{}],
			parameters: scheduledVoice('getMany', { options }),
		}),
		'scheduledVoice.get': onBatch('scheduledVoice', 'get', true),
		'scheduledVoice.update': async (options) => ({
			items: [{ batch: await scheduled(true) }],
			parameters: scheduledVoice('update', {
				batch: '={{ $json.batch }}',
				updateFields: {
					addNumbers: '0551234567',
					scheduleAt: tomorrow(1),
					scheduleOffset: '+00:00',
				},
				options,
			}),
		}),
		'scheduledVoice.sendNow': onBatch('scheduledVoice', 'sendNow', true),
		'scheduledVoice.cancel': onBatch('scheduledVoice', 'cancel', true),
		'account.getBalance': async (options) => ({
			items: [{}],
			parameters: { resource: 'account', operation: 'getBalance', options },
		}),
		'account.getProfile': async (options) => ({
			items: [{}],
			parameters: { resource: 'account', operation: 'getProfile', options },
		}),
	};

	/** The sends, whose options are composed from the shared pieces: they read exactly what they show. */
	const SENDS = new Set(['sms.send', 'sms.sendPersonalised', 'voice.send']);

	const operations = Object.entries(resources).flatMap(([resource, { operations: listed }]) =>
		Object.keys(listed).map((operation) => [resource, operation] as const),
	);

	it('runs every operation that has Options', () => {
		const withOptions = operations.filter(
			([resource, operation]) => shownOptions(resource, operation) !== undefined,
		);
		expect(withOptions.map(([r, o]) => `${r}.${o}`).sort()).toEqual(Object.keys(cases).sort());
	});

	it.each(operations.filter(([r, o]) => cases[`${r}.${o}`] !== undefined))(
		'%s → %s',
		async (resource, operation) => {
			const key = `${resource}.${operation}`;
			const shown = shownOptions(resource, operation) ?? [];
			const run = await cases[key](everyOption(shown));
			read.clear();
			const { error } = await t.run(run);
			expect(error).toBeUndefined();
			expect(read.has(ENUMERATED)).toBe(false);
			const names = shown.map((option) => option.name).sort();
			expect(names.filter((name) => !read.has(name))).toEqual([]);
			if (SENDS.has(key)) expect([...read].sort()).toEqual(names);
		},
	);
});

/**
 * The account profile (`POST /v5/auth`) as the vendor's SDK reads it: `settings/user` and
 * `settings/general`, in XML (one filter, sender, code and type each still a list; booleans as
 * text) and JSON; odd entries left out rather than failing the profile; and the node's words for it.
 */
import { decodeEnvelope } from '../../../../../nodes/shared/transport/codec';
import type { WireProfile } from '../../../../../nodes/shared/transport/endpoints/profile';
import {
	accountProfileReader,
	fromWireProfile,
	PROFILE_PATH,
	profileReader,
} from '../../../../../nodes/shared/transport/endpoints/profile';

function readXml(data: string): WireProfile {
	const envelope = decodeEnvelope(
		`<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
		profileReader.xmlLists,
	);
	if (!envelope.ok) throw new Error(envelope.reason);
	return profileReader.read(envelope.value.data);
}

const USER_XML =
	'<timeZone>Africa/Accra</timeZone><messageType>0</messageType>' +
	'<defDestination><countryName>Ghana</countryName><countryCode>GH</countryCode><dialCode>233</dialCode><minNumLen>9</minNumLen><maxNumLen>9</maxNumLen></defDestination>';
const FILTER_GH =
	'<filter><countryCode>gh</countryCode><countryName>Ghana</countryName><dialCode>233</dialCode><networksFilter>(2[0346]|5[045])</networksFilter>' +
	'<areaCodesFilter>null</areaCodesFilter><usesAreaCodes>false</usesAreaCodes><cnum_minlen>9</cnum_minlen><cnum_maxlen>9</cnum_maxlen>' +
	'<registerSender>true</registerSender><numericSenderAllowed>false</numericSenderAllowed></filter>';
const SENDER_XML =
	'<sender><name>SMSDemo</name><caseSensitive>false</caseSensitive><countryCodes><code>gh</code></countryCodes></sender>';
const TYPE_XML =
	'<type><id>0</id><label>GSM Default</label><singleLen>160</singleLen><concatLen>153</concatLen><charLen>1</charLen></type>';
const TIME_ZONES_XML = '<timeZones><region><city>Accra</city></region></timeZones>';

function profileXml(parts: { filters?: string; senders?: string; types?: string } = {}): string {
	return (
		`<settings><user>${USER_XML}<routeFilters>${parts.filters ?? FILTER_GH}</routeFilters>` +
		`<messageSenders><sms>${parts.senders ?? SENDER_XML}</sms><countries><country><name>Ghana</name><code>GH</code></country></countries></messageSenders></user>` +
		`<general><messageTypes>${parts.types ?? TYPE_XML}</messageTypes>${TIME_ZONES_XML}</general></settings>`
	);
}

const WIRE: WireProfile = {
	timeZone: 'Africa/Accra',
	messageType: 0,
	defDestination: {
		countryName: 'Ghana',
		countryCode: 'GH',
		dialCode: 233,
		minNumLen: 9,
		maxNumLen: 9,
	},
	routeFilters: [
		{
			countryCode: 'GH',
			countryName: 'Ghana',
			dialCode: 233,
			registerSender: true,
			numericSenderAllowed: false,
		},
	],
	senders: [{ name: 'SMSDemo', caseSensitive: false, countryCodes: ['GH'] }],
	messageTypes: [{ id: 0, label: 'GSM Default', singleLen: 160, concatLen: 153 }],
};

describe('profileReader: XML', () => {
	it('the path, and the lists it declares', () => {
		expect(PROFILE_PATH).toBe('/v5/auth');
		expect(profileReader.xmlLists).toEqual([
			'settings.user.routeFilters.filter',
			'settings.user.messageSenders.sms.sender',
			'settings.user.messageSenders.sms.sender.countryCodes.code',
			'settings.user.messageSenders.voice.sender',
			'settings.user.messageSenders.voice.sender.countryCodes.code',
			'settings.general.messageTypes.type',
		]);
	});

	it("voice senders (messageSenders/voice, the sms list's shape): one is still a list; none or an empty list is left out", () => {
		const voice =
			'<voice><sender><name>DemoVoice</name><caseSensitive>true</caseSensitive><countryCodes><code>gh</code></countryCodes></sender></voice>';
		const xml = profileXml().replace('</sms>', `</sms>${voice}`);
		expect(readXml(xml)).toEqual({
			...WIRE,
			voiceSenders: [{ name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] }],
		});
		expect(readXml(profileXml().replace('</sms>', '</sms><voice/>'))).toEqual(WIRE);
		expect(readXml(profileXml())).not.toHaveProperty('voiceSenders');
	});

	it('one filter, one sender, one code and one type are still lists; codes upper-cased; unknown elements ignored', () => {
		expect(readXml(profileXml())).toEqual(WIRE);
	});

	it('two of each', () => {
		const filterNg =
			'<filter><countryCode>NG</countryCode><dialCode>234</dialCode><registerSender>FALSE</registerSender><numericSenderAllowed>True</numericSenderAllowed></filter>';
		const alerts =
			'<sender><name>Alerts</name><caseSensitive>true</caseSensitive><countryCodes><code>GH</code><code>ng</code></countryCodes></sender>';
		const unicode =
			'<type><id>1</id><label>Unicode</label><singleLen>70</singleLen><concatLen>67</concatLen></type>';
		const profile = readXml(
			profileXml({
				filters: FILTER_GH + filterNg,
				senders: SENDER_XML + alerts,
				types: TYPE_XML + unicode,
			}),
		);
		expect(profile.routeFilters).toEqual([
			WIRE.routeFilters[0],
			{ countryCode: 'NG', dialCode: 234, registerSender: false, numericSenderAllowed: true },
		]);
		expect(profile.senders).toEqual([
			WIRE.senders[0],
			{ name: 'Alerts', caseSensitive: true, countryCodes: ['GH', 'NG'] },
		]);
		expect(profile.messageTypes).toEqual([
			WIRE.messageTypes[0],
			{ id: 1, label: 'Unicode', singleLen: 70, concatLen: 67 },
		]);
	});

	it('empty lists, and a user without senders or a general part', () => {
		const bare = `<settings><user>${USER_XML}<routeFilters/><messageSenders><sms/></messageSenders></user><general><messageTypes/></general></settings>`;
		expect(readXml(bare)).toEqual({ ...WIRE, routeFilters: [], senders: [], messageTypes: [] });
		expect(readXml(`<settings><user>${USER_XML}</user></settings>`)).toEqual({
			...WIRE,
			routeFilters: [],
			senders: [],
			messageTypes: [],
		});
	});

	it('a sender without codes has none; a sender without caseSensitive is not case-sensitive', () => {
		const sender =
			'<sender><name>Shop</name><countryCodes/></sender><sender><name>Bank</name></sender>';
		expect(readXml(profileXml({ senders: sender })).senders).toEqual([
			{ name: 'Shop', caseSensitive: false, countryCodes: [] },
			{ name: 'Bank', caseSensitive: false, countryCodes: [] },
		]);
	});

	it('odd entries are left out: a filter without a country, a sender without a name, a type without an integer id', () => {
		const profile = readXml(
			profileXml({
				filters: `<filter><countryName>Nowhere</countryName></filter>${FILTER_GH}`,
				senders: `<sender><caseSensitive>true</caseSensitive></sender>${SENDER_XML}`,
				types: `<type><id>x</id><label>Odd</label></type>${TYPE_XML}<type><label>No id</label></type>`,
			}),
		);
		expect(profile).toEqual(WIRE);
	});

	it('a type without a label is named by its id; malformed optional members are left out', () => {
		const types = '<type><id>2</id><singleLen>many</singleLen></type>';
		const filters =
			'<filter><countryCode>GH</countryCode><dialCode>+233x</dialCode><registerSender>yes</registerSender></filter>';
		const profile = readXml(profileXml({ types, filters }));
		expect(profile.messageTypes).toEqual([{ id: 2, label: '2' }]);
		expect(profile.routeFilters).toEqual([{ countryCode: 'GH' }]);
	});

	it('a profile without settings/user cannot be read', () => {
		expect(() => readXml('<settings><general/></settings>')).toThrow('the profile has no settings');
		expect(() => readXml('<account>1</account>')).toThrow('the profile has no settings');
		expect(profileReader.unreadable('the profile has no settings')).toEqual({
			message: 'The SMS service sent an account profile that could not be read: try again later',
			description: 'HTTP 200 and handshake 0, but the profile has no settings.',
		});
	});
});

describe('profileReader: JSON', () => {
	const json = {
		settings: {
			user: {
				timeZone: 'Africa/Accra',
				messageType: 0,
				defDestination: {
					countryName: 'Ghana',
					countryCode: 'GH',
					dialCode: 233,
					minNumLen: 9,
					maxNumLen: 9,
					extra: true,
				},
				routeFilters: [
					{
						countryCode: 'gh',
						countryName: 'Ghana',
						dialCode: 233,
						networksFilter: null,
						registerSender: true,
						numericSenderAllowed: false,
					},
				],
				messageSenders: {
					sms: [{ name: 'SMSDemo', caseSensitive: false, countryCodes: ['gh'] }],
					voice: [],
				},
				newSetting: { a: 1 },
			},
			general: {
				messageTypes: [{ id: 0, label: 'GSM Default', singleLen: 160, concatLen: 153, charLen: 1 }],
				timeZones: [],
			},
		},
	};

	it('arrays for lists, booleans and numbers as JSON, unknown members ignored', () => {
		expect(profileReader.read(json)).toEqual(WIRE);
	});

	it('the XML-like wrapping of lists is read too', () => {
		const wrapped = {
			settings: {
				...json.settings,
				user: { ...json.settings.user, routeFilters: { filter: json.settings.user.routeFilters } },
			},
		};
		expect(profileReader.read(wrapped)).toEqual(WIRE);
	});

	it('a list member that is not a list makes the profile unreadable', () => {
		const broken = { settings: { user: { ...json.settings.user, routeFilters: 'GH' } } };
		expect(() => profileReader.read(broken)).toThrow('filter is not a list');
	});

	it('no data, or data that is not an object', () => {
		expect(() => profileReader.read(null)).toThrow('the profile has no settings');
		expect(() => profileReader.read([])).toThrow('the profile has no settings');
	});
});

describe('fromWireProfile', () => {
	it('the profile in the node’s words', () => {
		expect(fromWireProfile(WIRE)).toEqual({
			timeZone: 'Africa/Accra',
			defaultMessageType: 'gsm',
			defaultCountry: { name: 'Ghana', code: 'GH', dialCode: 233 },
			routes: [
				{
					countryCode: 'GH',
					country: 'Ghana',
					dialCode: 233,
					senderMustBeRegistered: true,
					numericSenderAllowed: false,
				},
			],
			senders: [{ name: 'SMSDemo', caseSensitive: false, countryCodes: ['GH'] }],
			voiceSenders: [],
			messageTypes: [
				{ id: 0, name: 'GSM Default', singlePartLength: 160, concatenatedPartLength: 153 },
			],
		});
	});

	it('what the service did not say is null, and a route that does not say is the strict case', () => {
		expect(
			fromWireProfile({
				routeFilters: [{ countryCode: 'NG' }],
				senders: [],
				messageTypes: [{ id: 3, label: 'Flash Unicode' }],
			}),
		).toEqual({
			timeZone: null,
			defaultMessageType: null,
			defaultCountry: null,
			routes: [
				{
					countryCode: 'NG',
					country: null,
					dialCode: null,
					senderMustBeRegistered: true,
					numericSenderAllowed: false,
				},
			],
			senders: [],
			voiceSenders: [],
			messageTypes: [
				{ id: 3, name: 'Flash Unicode', singlePartLength: null, concatenatedPartLength: null },
			],
		});
	});

	it('each default message type by name; an unknown id is null; an empty home country has null members', () => {
		const base = { routeFilters: [], senders: [], messageTypes: [] };
		expect(
			[0, 1, 2, 3, 9].map(
				(messageType) => fromWireProfile({ ...base, messageType }).defaultMessageType,
			),
		).toEqual(['gsm', 'unicode', 'flash', 'flashUnicode', null]);
		expect(fromWireProfile({ ...base, defDestination: {} }).defaultCountry).toEqual({
			name: null,
			code: null,
			dialCode: null,
		});
	});

	it('the voice senders beside the SMS ones, in the same shape; none listed is an empty list', () => {
		const voice = { name: 'DemoVoice', caseSensitive: true, countryCodes: ['GH'] };
		const profile = fromWireProfile({ ...WIRE, voiceSenders: [voice] });
		expect(profile.voiceSenders).toEqual([voice]);
		expect(profile.senders).toEqual([
			{ name: 'SMSDemo', caseSensitive: false, countryCodes: ['GH'] },
		]);
		profile.voiceSenders[0].countryCodes.push('NG');
		expect(voice.countryCodes).toEqual(['GH']);
		expect(fromWireProfile(WIRE).voiceSenders).toEqual([]);
	});

	it('the senders’ code lists are copies', () => {
		const wire: WireProfile = {
			routeFilters: [],
			senders: [{ name: 'A', caseSensitive: true, countryCodes: ['GH'] }],
			messageTypes: [],
		};
		const profile = fromWireProfile(wire);
		profile.senders[0].countryCodes.push('NG');
		expect(wire.senders[0].countryCodes).toEqual(['GH']);
	});
});

describe('accountProfileReader: the profile the node keeps, with its sender routing', () => {
	function readAccount(data: string) {
		const envelope = decodeEnvelope(
			`<response><handshake><id>0</id><label>HSHK_OK</label></handshake><data>${data}</data></response>`,
			accountProfileReader.xmlLists,
		);
		if (!envelope.ok) throw new Error(envelope.reason);
		return accountProfileReader.read(envelope.value.data);
	}

	it('the home country and the routes in the node’s words, flags as stated; the senders only once, on the profile', () => {
		const ng =
			'<filter><countryCode>NG</countryCode><dialCode>234</dialCode><numericSenderAllowed>true</numericSenderAllowed></filter>';
		const profile = readAccount(profileXml({ filters: FILTER_GH + ng }));
		expect(profile.senderRouting).toEqual({
			home: { dialCode: 233, minLength: 9, maxLength: 9 },
			routes: [
				{
					countryCode: 'GH',
					countryName: 'Ghana',
					dialCode: 233,
					senderMustBeRegistered: true,
					numericSenderAllowed: false,
				},
				{ countryCode: 'NG', dialCode: 234, numericSenderAllowed: true },
			],
		});
		// Get Profile's routes read the unstated flag as the strict case; the routing leaves it out.
		expect(profile.routes[1]).toEqual({
			countryCode: 'NG',
			country: null,
			dialCode: 234,
			senderMustBeRegistered: true,
			numericSenderAllowed: true,
		});
		expect(profile.senders).toEqual([
			{ name: 'SMSDemo', caseSensitive: false, countryCodes: ['GH'] },
		]);
	});

	it('a profile without a default destination has no home', () => {
		const bare = `<settings><user><timeZone>Africa/Accra</timeZone><routeFilters/><messageSenders><sms/></messageSenders></user></settings>`;
		expect(readAccount(bare).senderRouting).toEqual({ routes: [] });
	});
});

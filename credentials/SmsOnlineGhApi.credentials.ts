import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
	Icon,
} from 'n8n-workflow';

import { describeHandshake, DOCUMENTED_HANDSHAKE_IDS } from '../nodes/shared/meanings/handshakes';
import {
	DEFAULT_BASE_URL,
	SERVICE_ROOT_EXPRESSION,
	SMSONLINEGH_CREDENTIAL_TYPE,
} from '../nodes/shared/transport/credentialType';

// The Authorization header (v5 API documentation, "Request basics": `key <API key>` or `factor <base64 of login__::password>`),
// built here only, so that no other part of the package ever holds or assembles a secret.
export function authorizationHeader(credentials: ICredentialDataDecryptedObject): string {
	if (credentials.authModel === 'portalPass') {
		const login = String(credentials.login ?? '');
		const password = String(credentials.password ?? '');
		return `factor ${Buffer.from(`${login}__::${password}`, 'utf8').toString('base64')}`;
	}
	return `key ${String(credentials.apiKey ?? '')}`;
}

export class SmsOnlineGhApi implements ICredentialType {
	name = SMSONLINEGH_CREDENTIAL_TYPE;

	displayName = 'SMSOnlineGH API';

	icon: Icon = {
		light: 'file:../nodes/SmsOnlineGh/smsOnlineGh.svg',
		dark: 'file:../nodes/SmsOnlineGh/smsOnlineGh.dark.svg',
	};

	documentationUrl = 'https://github.com/n8n-nodes-smsonlinegh/n8n-nodes-smsonlinegh#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Authentication',
			name: 'authModel',
			type: 'options',
			options: [
				{
					name: 'API Key (Recommended)',
					value: 'apiKey',
					description: 'Authenticate with an API key generated in your account settings',
				},
				{
					name: 'Portal Pass',
					value: 'portalPass',
					description: 'Authenticate with your account login and password',
				},
			],
			default: 'apiKey',
		},
		{
			displayName: 'API Key',
			name: 'apiKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			description:
				'Generate a key under API configuration in your SMSOnlineGH account settings. App Integrated accounts can only use this model.',
			displayOptions: { show: { authModel: ['apiKey'] } },
		},
		{
			displayName:
				'Portal Pass sends your account login and password with every request. Prefer an API key where you can.',
			name: 'portalPassNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { authModel: ['portalPass'] } },
		},
		{
			displayName: 'Login',
			name: 'login',
			type: 'string',
			default: '',
			required: true,
			description: 'The login of your SMSOnlineGH account',
			displayOptions: { show: { authModel: ['portalPass'] } },
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			displayOptions: { show: { authModel: ['portalPass'] } },
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: DEFAULT_BASE_URL,
			description:
				'Scheme and host of the service. Change it only if your provider runs the same API under its own host.',
		},
		{
			displayName:
				'Plain HTTP sends your credentials unencrypted. Use HTTPS unless this is a local test server.',
			name: 'httpNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { baseUrl: [{ _cnd: { startsWith: 'http://' } }] } },
		},
	];

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			headers: { ...requestOptions.headers, Authorization: authorizationHeader(credentials) },
		};
	}

	// The service answers HTTP 200 even when it refuses (v5 API documentation, response envelope): each refusal is a rule on
	// `handshake.id`. A body with no handshake at all means the Base URL is not this service.
	test: ICredentialTestRequest = {
		request: {
			baseURL: SERVICE_ROOT_EXPRESSION,
			url: '/v5/account/balance',
			method: 'POST',
			headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		},
		rules: [
			// Every documented handshake other than 0 fails the test, in the words the node uses.
			...DOCUMENTED_HANDSHAKE_IDS.filter((id) => id !== 0).map((id) => {
				const meaning = describeHandshake(id);
				return {
					type: 'responseSuccessBody' as const,
					properties: {
						key: 'handshake.id',
						value: id,
						message: `${meaning.message}. ${meaning.description} (handshake ${id})`,
					},
				};
			}),
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'handshake.id',
					value: undefined,
					message:
						'The Base URL answered, but not like the SMSOnlineGH v5 API (no handshake in the response). Check the Base URL.',
				},
			},
		],
	};
}

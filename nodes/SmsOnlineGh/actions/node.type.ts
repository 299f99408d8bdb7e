import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	sms: 'send' | 'sendPersonalised';
	account: 'getBalance';
};

export type SmsOnlineGhType = AllEntities<NodeMap>;

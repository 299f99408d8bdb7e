// Entry point for code that requires the package directly. n8n itself loads the files listed in
// package.json's "n8n" section.
module.exports = {
	SmsOnlineGh: require('./dist/nodes/SmsOnlineGh/SmsOnlineGh.node.js').SmsOnlineGh,
	SmsOnlineGhTrigger: require('./dist/nodes/SmsOnlineGhTrigger/SmsOnlineGhTrigger.node.js')
		.SmsOnlineGhTrigger,
	SmsOnlineGhReportTrigger:
		require('./dist/nodes/SmsOnlineGhReportTrigger/SmsOnlineGhReportTrigger.node.js')
			.SmsOnlineGhReportTrigger,
	SmsOnlineGhBalanceTrigger:
		require('./dist/nodes/SmsOnlineGhBalanceTrigger/SmsOnlineGhBalanceTrigger.node.js')
			.SmsOnlineGhBalanceTrigger,
	SmsOnlineGhApi: require('./dist/credentials/SmsOnlineGhApi.credentials.js').SmsOnlineGhApi,
};

// n8n-core writes its instance settings into N8N_USER_FOLDER on first use; keep that out of the
// user's home and out of the repository.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

if (!process.env.N8N_USER_FOLDER) {
	process.env.N8N_USER_FOLDER = fs.mkdtempSync(path.join(os.tmpdir(), 'n8n-smsonlinegh-test-'));
}

// n8n's logger prints every node error a test provokes on purpose (a wrong sender, a fault): a
// passing run would look red. The tests assert on those errors instead of printing them.
if (!process.env.N8N_LOG_LEVEL) process.env.N8N_LOG_LEVEL = 'silent';

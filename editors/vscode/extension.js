// The VS Code side of `movimentum lsp` (docs/editors.md): start the server, and open the current
// script in Movimentum's own editor on request. Everything else is the server's.
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');
const { spawn } = require('child_process');

let client;

function program() {
  return vscode.workspace.getConfiguration('movimentum').get('path') || 'movimentum';
}

function activate(context) {
  client = new LanguageClient(
    'movimentum', 'Movimentum',
    { command: program(), args: ['lsp', '--stdio'] },
    { documentSelector: [{ language: 'movimentum' }] });
  client.start();
  context.subscriptions.push(vscode.commands.registerCommand('movimentum.openInEditor', () => {
    const editor = vscode.window.activeTextEditor;
    if (!editor || editor.document.uri.scheme !== 'file') {
      vscode.window.showWarningMessage('Save the script first: the editor opens a file.');
      return;
    }
    spawn(program(), [editor.document.uri.fsPath], { detached: true, stdio: 'ignore' }).unref();
  }));
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };

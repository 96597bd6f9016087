import { spawn } from 'node:child_process';

/** The command that opens a URL in the default browser on a platform. */
export function openCommand(platform: string, url: string): { command: string; args: string[] } {
  if (platform === 'darwin') return { command: 'open', args: [url] };
  // `start` is a cmd built-in; its first quoted argument is a window title.
  if (platform === 'win32') return { command: 'cmd', args: ['/c', 'start', '""', url.replace(/&/g, '^&')] };
  return { command: 'xdg-open', args: [url] };
}

/** Opens the page; a failure is reported (without the address) and never ends the server. */
export function openBrowser(url: string, report: (message: string) => void): void {
  const { command, args } = openCommand(process.platform, url);
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () =>
      report(`armorer-inspector: could not run ${command} to open the page; open it yourself.`),
    );
    child.unref();
  } catch {
    report(`armorer-inspector: could not run ${command} to open the page; open it yourself.`);
  }
}

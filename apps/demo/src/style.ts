/** Minimal ANSI styling; every function is the identity when colour is off. */
export interface Style {
  readonly bold: (text: string) => string;
  readonly dim: (text: string) => string;
  readonly green: (text: string) => string;
  readonly red: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly cyan: (text: string) => string;
  readonly magenta: (text: string) => string;
}

function ansi(open: number, close: number): (text: string) => string {
  return (text) => `\u001b[${open}m${text}\u001b[${close}m`;
}

const identity = (text: string): string => text;

export function createStyle(color: boolean): Style {
  if (!color) {
    return {
      bold: identity,
      dim: identity,
      green: identity,
      red: identity,
      yellow: identity,
      cyan: identity,
      magenta: identity,
    };
  }
  return {
    bold: ansi(1, 22),
    dim: ansi(2, 22),
    green: ansi(32, 39),
    red: ansi(31, 39),
    yellow: ansi(33, 39),
    cyan: ansi(36, 39),
    magenta: ansi(35, 39),
  };
}

/** Colour only for a terminal, and never when NO_COLOR is set (https://no-color.org). */
export function shouldColor(stream: { readonly isTTY?: boolean }): boolean {
  return stream.isTTY === true && (process.env.NO_COLOR ?? '') === '';
}

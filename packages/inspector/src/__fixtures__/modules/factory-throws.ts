/** A module whose factory fails. */
export default function broken(): never {
  throw new Error('no credentials configured');
}

export { default } from '../../tsdown.config';

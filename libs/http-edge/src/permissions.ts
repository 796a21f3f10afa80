// The permission vocabulary is shared with the accounts domain, so it lives in the pure kernel.
export { DEFAULT_SECRET_KEY_PERMISSIONS, isPermission, PERMISSIONS, type Permission } from '@gateway/domain';

// React 19 has `useSyncExternalStore`; the signals' runtime asks for the shim of older Reacts,
// which here would only add its bytes to the shared chunk (build.mjs points the shim here).
export { useSyncExternalStore } from 'react';

// The accounts page's call: the latest query wins (a search typed on replaces the one before).
import { accountsActions } from './accountsSlice';

export const accountsSaga = accountsActions.load.watch;

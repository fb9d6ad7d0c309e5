// The accounts page's call: the latest query wins (a search typed on replaces the one before).
import { takeRemote } from '@hostdash/shared-auth';
import { accountsApi } from './accountsApi';
import { accountsActions } from './accountsSlice';

export const accountsSaga = takeRemote(accountsActions.load, accountsApi.load);

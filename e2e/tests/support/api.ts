import { expect, type APIRequestContext } from '@playwright/test';
import { apiURL, DEMO_PASSWORD } from './env';

/** A session straight from the API, for setting up or checking what a journey needs. */
export async function apiSession(request: APIRequestContext, email: string): Promise<string> {
  const response = await request.post(`${apiURL}/login`, {
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { sessionId: string }).sessionId;
}

export async function apiGet<T>(
  request: APIRequestContext,
  session: string,
  path: string,
): Promise<T> {
  const response = await request.get(`${apiURL}${path}`, { headers: { authorization: session } });
  expect(response.ok(), `GET ${path} answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

export async function apiPost<T>(
  request: APIRequestContext,
  session: string,
  path: string,
  data?: unknown,
): Promise<T> {
  const response = await request.post(`${apiURL}${path}`, {
    headers: { authorization: session },
    data,
  });
  expect(response.ok(), `POST ${path} answered ${response.status()}`).toBeTruthy();
  return (await response.json()) as T;
}

/**
 * Puts a stay's guest back in review, whatever a journey did to it, for the journeys after it
 * (the demo's red stays in review are what the verification journeys start from).
 */
export async function putBackInReview(
  request: APIRequestContext,
  session: string,
  reservationId: string,
): Promise<void> {
  await apiPost(
    request,
    session,
    `/reservation/changeVerification/${reservationId}/?supervised=1`,
    {
      status: 'review',
      note: 'e2e: back to review',
    },
  );
}

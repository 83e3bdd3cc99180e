import type { QueryClient } from "@tanstack/react-query";
import { graphql, request } from "../graphql.ts";
import { invalidatingMutation, plainMutation, type UiCallbacks } from "../mutation-options.ts";
import { rest } from "../rest.ts";
import { profileKeys } from "./profiles.ts";

export type ProfileChanges = {
  username: string;
  name: string | null;
  bio: string | null;
  socialLinks: string[];
};

export const UPDATE_CURRENT_USER =
  graphql(`mutation UpdateCurrentUser($username: String!, $name: String, $bio: String, $socialLinks: [String!]) {
  updateCurrentUser(username: $username, name: $name, bio: $bio, socialLinks: $socialLinks) { username name bio socialLinks }
}`);

/** updateCurrentUser (api-contract §12). */
export function updateCurrentUser(changes: ProfileChanges) {
  return request(UPDATE_CURRENT_USER, changes);
}

export const DELETE_CURRENT_USER = graphql(`mutation DeleteCurrentUser { deleteCurrentUser }`);

export function requestAccountDeletion() {
  return request(DELETE_CURRENT_USER);
}

export const CANCEL_DELETE_CURRENT_USER = graphql(
  `mutation CancelDeleteCurrentUser { cancelDeleteCurrentUser }`,
);

export function cancelAccountDeletion() {
  return request(CANCEL_DELETE_CURRENT_USER);
}

export function removeGithubIntegration() {
  return rest.delete<void>("/api/v1/users/current_user/integrations/github");
}

export function sendFeedback(text: string, page: string) {
  return rest.post<{ id: string }>("/api/v1/feedback", { text, page });
}

export function markSurveySeen() {
  return rest.post<void>("/api/v1/users/survey-seen", {});
}

export function answerSurvey(answers: Record<string, string>) {
  // Question ids are single lowercase words: they survive the request's snake_case conversion.
  return rest.post<void>("/api/v1/users/survey", { answers });
}

/** The profile's changes show on the profile pages too; the caller reloads the user first. */
export const updateCurrentUserMutation = (
  queryClient: QueryClient,
  ui?: UiCallbacks<Awaited<ReturnType<typeof updateCurrentUser>>, ProfileChanges>,
) => invalidatingMutation(queryClient, updateCurrentUser, { keys: () => [profileKeys.all], wait: false }, ui);

/* ---------------------------------------------------------------------------------------------
 * Mutation options. Of what is cached these change only the current user, which the session
 * reloads itself (`reloadUser`) where the screen shows it.
 * ------------------------------------------------------------------------------------------- */

export const requestAccountDeletionMutation = (ui?: UiCallbacks<unknown, void>) =>
  plainMutation(() => requestAccountDeletion(), ui);

export const cancelAccountDeletionMutation = (ui?: UiCallbacks<unknown, void>) =>
  plainMutation(() => cancelAccountDeletion(), ui);

export const removeGithubIntegrationMutation = (ui?: UiCallbacks<void, void>) =>
  plainMutation(() => removeGithubIntegration(), ui);

export type Feedback = { text: string; page: string };

export const sendFeedbackMutation = (ui?: UiCallbacks<{ id: string }, Feedback>) =>
  plainMutation(({ text, page }: Feedback) => sendFeedback(text, page), ui);

export const answerSurveyMutation = (ui?: UiCallbacks<void, Record<string, string>>) =>
  plainMutation(answerSurvey, ui);

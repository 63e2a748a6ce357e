// The shell the server sends a signed-in visitor's first screen (the feed) carries the API's
// answers to that screen's first requests, as JSON keyed by request URL, in
// <script type="application/json" id={FIRST_ANSWERS_ID}> (server: plugins/static-client.ts;
// client: lib/first-answers.ts).
export const FIRST_ANSWERS_ID = 'first-answers';

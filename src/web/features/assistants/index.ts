/** What routes and other features may use from the assistants feature. */
export { assistantsQueryOptions, useAssistants } from './api/get-assistants';
export { voicePlatformQueryOptions, useVoicePlatform } from './api/get-voice-platform';
export { AssistantsScreen } from './components/assistants-screen';

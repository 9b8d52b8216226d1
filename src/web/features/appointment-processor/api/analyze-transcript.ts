import { useMutation } from '@tanstack/react-query';
import type { AnalyzeTranscriptResponse } from '#shared/schemas/processor';
import { apiRequest } from '../../../lib/api-client';

export const analyzeTranscript = (transcript: string, callId = 'manual') =>
  apiRequest<AnalyzeTranscriptResponse>('POST', '/api/analyze-transcript', { transcript, callId });

export const useAnalyzeTranscript = () =>
  useMutation({ mutationFn: (transcript: string) => analyzeTranscript(transcript) });

/** What the AWS push side needs of the WebSocket API: one frame to one connection (the Management API's PostToConnection). */
export interface StreamPoster {
  /** Sends one frame; 'gone' when the connection no longer exists (API Gateway's 410), so that it is pruned. */
  post(connectionId: string, data: string): Promise<'sent' | 'gone'>;
}

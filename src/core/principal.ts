/** Who a request acts for: the platform its API key belongs to and the user the key acts as. */
export interface Principal {
  platformId: string;
  /** The user the API key acts as (the platform's admin). */
  userId: string;
}

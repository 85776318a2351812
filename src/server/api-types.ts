// The API's answers as the client receives them (JSON: dates are strings),
// read off AppType, the one contract between client and server. The client
// and the API tests import these types; a server change that breaks a reader
// fails `npm run typecheck`. Types only: nothing here runs.
import type { ClientResponse, hc } from "hono/client";
import type { ClientErrorStatusCode, ServerErrorStatusCode } from "hono/utils/http-status";
import type { AppType } from "./app.ts";

/** The typed client's shape: the same type as `api` in src/client/lib/api-client.ts. */
export type ApiClient = ReturnType<typeof hc<AppType>>;

type ErrorStatus = ClientErrorStatusCode | ServerErrorStatusCode;

/**
 * The body of a response on success. A route that answers without naming a
 * status may answer any status, so only responses declared with an error
 * status (e.g. the health check's 503) are left out.
 */
export type SuccessBody<R> =
  R extends ClientResponse<infer T, infer S, infer _F> ? ([S] extends [ErrorStatus] ? never : T) : never;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any endpoint's arguments
type Endpoint = (...args: any[]) => Promise<ClientResponse<unknown, number, string>>;
/** What an endpoint of ApiClient answers on success. */
export type ResponseOf<E extends Endpoint> = SuccessBody<Awaited<ReturnType<E>>>;

type ListEndpoint = ApiClient["lists"][":userId"][":listId"];

export type SessionDto = NonNullable<ResponseOf<ApiClient["auth"]["get-session"]["$get"]>>;
export type SessionUserDto = SessionDto["user"];
export type ProvidersDto = ResponseOf<ApiClient["auth"]["providers"]["$get"]>;

export type ListDetailDto = ResponseOf<ListEndpoint["$get"]>["list"];
export type ListEntryDto = ListDetailDto["items"][number];
/** A list as its owner's cards show it (My Lists). */
export type ListSummaryDto = ResponseOf<ApiClient["me"]["lists"]["$get"]>["lists"][number];
export type BrowsePageDto = ResponseOf<ApiClient["browse"]["$get"]>;
/** A card; the reader's flags are absent where an endpoint does not send them. */
export type ListCardDto = ListSummaryDto & { viewer?: BrowsePageDto["lists"][number]["viewer"] };
export type HomeDto = ResponseOf<ApiClient["home"]["$get"]>;
export type UpvoteResultDto = ResponseOf<ListEndpoint["upvote"]["$post"]>;
export type FavoriteResultDto = ResponseOf<ListEndpoint["favorite"]["$post"]>;

export type ProfileDto = ResponseOf<ApiClient["me"]["profile"]["$get"]>["profile"];
export type PublicProfilePageDto = ResponseOf<ApiClient["users"][":userId"]["$get"]>;
export type IdolDrawDto = ResponseOf<ApiClient["me"]["idol-draws"]["$post"]>;
export type DraftDto = NonNullable<ResponseOf<ApiClient["me"]["draft"]["$get"]>["draft"]>;

export type SeasonDto = ResponseOf<ApiClient["seasons"]["$get"]>["seasons"][number];
export type ReferenceListsDto = ResponseOf<ApiClient["reference-lists"]["$get"]>;
export type HealthDto = ResponseOf<ApiClient["health"]["$get"]>;

export type DiscussionDto = ResponseOf<ApiClient["comments"]["$get"]>;
export type ThreadDto = DiscussionDto["threads"][number];
export type CommentDto = ThreadDto["replies"][number];
export type CommentVoteDto = ResponseOf<ApiClient["comments"][":commentId"]["vote"]["$post"]>;
export type InboxDto = ResponseOf<ApiClient["notifications"]["$get"]>;
export type InboxEntryDto = InboxDto["notifications"][number];

type CategoryEndpoint = ApiClient["global-rankings"][":categoryId"];
export type CategoriesDto = ResponseOf<ApiClient["global-rankings"]["$get"]>;
export type CategorySummaryDto = CategoriesDto["open"][number];
export type RankedCastawayDto = CategorySummaryDto["top10"][number];
export type CategoryDetailDto = ResponseOf<CategoryEndpoint["$get"]>;
export type MySubmissionDto = NonNullable<CategoryDetailDto["mine"]>;

export type PictureDto = ResponseOf<ApiClient["users"][":userId"]["picture"]["$get"]>;
export type ConsensusSliceDto = ResponseOf<ApiClient["consensus"][":kind"][":slice"]["$get"]>;

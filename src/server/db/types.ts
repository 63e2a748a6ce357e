// Table types for Kysely. Each feature adds its tables here; columns mirror spec section 3.
// Flags are integers (0/1) and times ISO-8601 text, so both SQLite and PostgreSQL read the same.
import type { ColumnType, Generated } from 'kysely';

export interface OrganisationTable {
  id: Generated<number>;
  name: string;
  website: string | null;
  organisation_code: string;
}

export interface UserTable {
  id: Generated<number>;
  uuid_id: string;
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password_hash: string;
  mobile_phone: string | null;
  role: number;
  enabled: number;
  email_verified: number;
  can_provision: number;
  is_pre_release: number;
  organisation_id: number | null;
  distributor_id: number;
  last_login: string | null;
  created_at: string;
  /** The licence new uploads get (shared/licences.ts). */
  default_licence: Generated<string>;
  /** 'en', 'de' or null (not chosen). */
  language: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SessionTable {
  token_hash: string;
  user_id: number;
  created_at: string;
  expires_at: string;
}

export interface EmailTokenTable {
  token_hash: string;
  user_id: number;
  purpose: 'verify' | 'reset';
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One limit counter (features/auth/limits.ts): hits within the fixed window that began at window_start. */
export interface RateLimitTable {
  key: string;
  window_start: string;
  hits: number;
}

export interface JobTable {
  id: Generated<number>;
  type: string;
  payload: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  attempts: number;
  run_after: string;
  /** When the holder last renewed its lease (a running job), else null. */
  locked_at: string | null;
  /** The claim holding a running job (0015); null when not running. */
  lease_id?: string | null;
  last_error: string | null;
  created_at: string;
}

export interface IdempotencyKeyTable {
  key: string;
  user_id: number;
  route: string;
  body_hash: string;
  state: 'pending' | 'done';
  status_code: number | null;
  response_body: string | null;
  created_at: string;
  /** The request currently holding a pending key (0009). */
  lease_id: string | null;
  /** When that holder last renewed its lease; a pending key past the lease was left by a crash. */
  leased_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_id: number;
  action: string;
  target_type: string;
  target_id: string;
  detail: string | null;
  created_at: string;
}

export interface TagTable {
  id: Generated<number>;
  title: string;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  description: string;
  link: string;
  has_read: number;
  created_at: string;
  kind: Generated<string>;
  actor_id: number | null;
  subject: string | null;
  /** The text's message key (lib/notification-messages.ts) and its values as JSON (migration 0049); null on older rows. */
  message_key: string | null;
  message_params: string | null;
}

/** Per user and kind: where notifications of that kind go (migration 0042); no row: the defaults. */
export interface NotificationSettingTable {
  user_id: number;
  kind: string;
  in_app: number;
  push: number;
  digest: number;
}

/** A user's e-mail digest: how often ('off', 'daily', 'weekly') and when the last one was sent. */
export interface NotificationPreferenceTable {
  user_id: number;
  digest_frequency: string;
  last_digest_at: string | null;
}

/** A browser's Web Push subscription, owned by the user who subscribed on it. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface MediaTable {
  id: Generated<number>;
  uuid_id: string;
  name: string;
  description: string | null;
  /** The image's text alternative (null: none given). */
  alt_text: string | null;
  is_video: number;
  /** A video's WebVTT captions in storage (null: none). */
  captions_key: string | null;
  file_key: string;
  file_name: string;
  file_size: number;
  mime_type: string;
  thumb_key: string | null;
  is_processed: number;
  processing_error: string | null;
  /** 0 unapproved, 1 rejected, 2 approved */
  approval_status: number;
  rejection_reason: string | null;
  /** 0 private, 2 public */
  privacy_level: number;
  contributed_by: number;
  contributed_at: string;
  num_downloads: number;
  duration_in_seconds: number;
  /** shared/licences.ts */
  licence: Generated<string>;
  /** Who confirmed, when making it public, that no real patient can be identified. */
  public_confirmed_by: number | null;
  public_confirmed_at: string | null;
}

export interface MediaTagTable {
  media_id: number;
  tag_id: number;
}

export interface MediaFavouriteTable {
  user_id: number;
  media_id: number;
  created_at: string;
}

export interface PostTable {
  id: Generated<number>;
  title: string;
  text: string;
  creator_id: number;
  /** null: the public feed; otherwise a forum group. */
  group_id: number | null;
  /** PostStatus: 0 pending, 1 approved. */
  status: number;
  type: 'post' | 'scenario' | 'media';
  created_at: string;
  deleted_at: string | null;
  /** The titles of the post's tags, for search; kept by triggers on post_tags (migration 0018). */
  tag_text: Generated<string>;
  /** How many people found it helpful (post_reactions), kept with them (migration 0041). */
  helpful_count: Generated<number>;
}

export interface PostScenarioTable {
  post_id: number;
  scenario_id: number;
}

export interface PostMediaTable {
  post_id: number;
  media_id: number;
}

export interface PostTagTable {
  post_id: number;
  tag_id: number;
}

export interface PostReportTable {
  post_id: number;
  user_id: number;
  created_at: string;
  ignored_at: string | null;
}

export interface PostReplyTable {
  id: Generated<number>;
  post_id: number;
  creator_id: number;
  /** null: the reply answers the post; otherwise the reply it quotes (of the same post). */
  reply_to_id: number | null;
  text: string;
  created_at: string;
  edited_at: string | null;
  /** Set when its author, an admin or a group moderator deleted it; the text is then emptied. */
  deleted_at: string | null;
  /** How many people found it helpful (reply_reactions), kept with them (migration 0041). */
  helpful_count: Generated<number>;
}

export interface PostReactionTable {
  post_id: number;
  user_id: number;
  created_at: string;
}

export interface ReplyReactionTable {
  reply_id: number;
  user_id: number;
  created_at: string;
}

/** Who was mentioned (and told) in a post or reply; subject 'post:<id>' or 'reply:<id>'. */
export interface MentionTable {
  subject: string;
  user_id: number;
  created_at: string;
}

export interface PostReplyReportTable {
  reply_id: number;
  user_id: number;
  created_at: string;
  ignored_at: string | null;
}

export interface DirectoryTable {
  id: Generated<number>;
  uuid: string;
  name: string;
  user_id: number;
  parent_id: number | null;
  created_at: string;
}

export interface ScenarioTable {
  id: Generated<number>;
  uuid_id: string;
  name: string;
  description: string;
  device_id: number | null;
  patient_age: number | null;
  patient_condition: number | null;
  patient_sex: string | null;
  patient_photo_code: number | null;
  file_key: string;
  file_name: string;
  file_size: number;
  privacy_level: number;
  is_processed: number;
  processing_error: string | null;
  contributed_by: number;
  contributed_at: string;
  num_downloads: number;
  duration_in_seconds: number;
  num_checklist_items: number;
  num_events: number;
  has_images: number;
  has_video: number;
  has_sounds: number;
  has_labs: number;
  unicode_language_identifier: string | null;
  directory_id: number | null;
  /** Name, description and tag titles, indexed for full-text search. */
  search_text: string;
  /** JSON: what the file says beyond these columns (features/scenarios/processor.ts). */
  details: string | null;
  /** shared/licences.ts */
  licence: Generated<string>;
  /** Who confirmed, when making it public, that no real patient can be identified. */
  public_confirmed_by: number | null;
  public_confirmed_at: string | null;
  /** A copy: the scenario it was made from (while it exists), and that work's name and author then. */
  based_on_id: number | null;
  based_on_uuid: string | null;
  based_on_name: string | null;
  based_on_author: string | null;
  /** The current version's number (1 until the owner uploads a new one). */
  version: Generated<number>;
  /** Ratings of its reviews: how many and their sum (the average is sum / count). */
  rating_count: Generated<number>;
  rating_sum: Generated<number>;
}

/** A version of a scenario and its file (kept in storage); the current one is the scenario's own file. */
export interface ScenarioVersionTable {
  id: Generated<number>;
  scenario_id: number;
  version: number;
  file_key: string;
  file_name: string;
  file_size: number;
  change_note: string;
  created_by: number | null;
  created_at: string;
}

/** One person's rating (1-5) and optional short review of a scenario. */
export interface ScenarioReviewTable {
  id: Generated<number>;
  scenario_id: number;
  user_id: number;
  rating: number;
  body: string | null;
  created_at: string;
  updated_at: string;
}

/** A report of a review (one per person), like a post's. */
export interface ScenarioReviewReportTable {
  review_id: number;
  user_id: number;
  created_at: string;
  ignored_at: string | null;
}

/** Who downloaded a scenario (once per person). */
export interface ScenarioDownloaderTable {
  scenario_id: number;
  user_id: number;
}

export interface ScenarioTagTable {
  scenario_id: number;
  tag_id: number;
}

export interface ScenarioFavouriteTable {
  user_id: number;
  scenario_id: number;
  created_at: string;
}

/** A resumable upload in progress (tus), with its owner. */
export interface TusUploadTable {
  id: string;
  user_id: number;
  kind: string;
  filename: string;
  size: number;
  created_at: string;
  finished_at: string | null;
  result_uuid_id: string | null;
}

/** How many listed posts hold a word, by listing and tier (migration 0055): a one-word search's totals. */
export interface PostWordTable {
  word: string;
  /** SQLite: 'listedfeed' or 'listedg<id>' (posts.listing); PostgreSQL: '#feed' or '#g<id>'. */
  listing: string;
  /** 0 when the post's title holds the word, 1 when only its text or tags do. */
  tier: number;
  n: number;
}

/** How many library scenarios hold a word (migration 0054): a one-word search's total. */
export interface LibraryWordTable {
  word: string;
  n: number;
}

/** Accounts (by lower(last_name)) or groups (by lower(name)) counted by the first two characters (migrations 0056, 0058). */
export interface NamePrefixTable {
  prefix: string;
  n: number;
}

/** The library's scenarios contributed in a month (migration 0053): pages found by month. */
export interface LibraryMonthTable {
  /** 'YYYY-MM' */
  month: string;
  n: number;
}

/** Listed posts of a listing written in a month (migration 0057): feed pages found by month. */
export interface PostMonthTable {
  /** The post's group, 0 for the public feed. */
  listing: number;
  /** 'YYYY-MM' */
  month: string;
  n: number;
}

/** A word of a group's name or description (migration 0052): a group search's page by one word. */
export interface GroupWordTable {
  word: string;
  group_id: number;
  /** 0 when the group's name holds the word, 1 when only its description does. */
  tier: number;
  /** lower(name): the groups directory's order. */
  name_key: string;
}

/** A forum group (spec section 3). */
export interface ForumGroupTable {
  id: Generated<number>;
  name: string;
  description: string;
  /** 0 public (open), 1 invite-only. */
  membership_type: number;
  posting_type: 'allowAll' | 'requireModeration';
  creator_id: number;
  created_at: string;
  updated_at: string;
}

export interface GroupMemberTable {
  group_id: number;
  user_id: number;
  /** 0 member, 1 moderator, 2 creator (owner). */
  member_type: number;
  joined_at: string;
}

/** A pending invite; user_id is null until an account holds the address. */
export interface GroupInviteTable {
  id: Generated<number>;
  group_id: number;
  email: string;
  user_id: number | null;
  invited_by: number;
  created_at: string;
}

export interface GroupJoinRequestTable {
  id: Generated<number>;
  group_id: number;
  user_id: number;
  message: string;
  created_at: string;
}

export interface GroupModerationLogTable {
  id: Generated<number>;
  group_id: number;
  actor_id: number;
  action: string;
  target_user_id: number | null;
  detail: string;
  created_at: string;
}

/** A finished simulation session handed over by a device (TMS). */
export interface DebriefTable {
  id: Generated<number>;
  uuid_id: string;
  /** The educator who ran the session (the signed-in user who handed it over). */
  educator_id: number;
  name: string;
  created_at: string;
  start_date: string | null;
  end_date: string | null;
  /** The student's key (studentId) as the device sent it; '' when none. */
  student_key: string;
  student_name: string;
  student_email: string;
  scenario_ref: string;
  scenario_name: string;
  /** The scores and eventList, JSON. */
  debrief_json: string;
  received_at: string;
}

/** A month (YYYY-MM) in which a user signed in or contributed (analytics; kept by triggers). */
export interface UserActiveMonthTable {
  user_id: number;
  month: string;
}

export interface Database {
  organisations: OrganisationTable;
  users: UserTable;
  sessions: SessionTable;
  email_tokens: EmailTokenTable;
  jobs: JobTable;
  rate_limits: RateLimitTable;
  idempotency_keys: IdempotencyKeyTable;
  audit_log: AuditLogTable;
  tags: TagTable;
  notifications: NotificationTable;
  notification_settings: NotificationSettingTable;
  notification_preferences: NotificationPreferenceTable;
  push_subscriptions: PushSubscriptionTable;
  directories: DirectoryTable;
  scenarios: ScenarioTable;
  scenario_tags: ScenarioTagTable;
  scenario_favourites: ScenarioFavouriteTable;
  scenario_versions: ScenarioVersionTable;
  scenario_reviews: ScenarioReviewTable;
  scenario_downloaders: ScenarioDownloaderTable;
  scenario_review_reports: ScenarioReviewReportTable;
  media: MediaTable;
  media_tags: MediaTagTable;
  media_favourites: MediaFavouriteTable;
  posts: PostTable;
  post_scenarios: PostScenarioTable;
  post_media: PostMediaTable;
  post_tags: PostTagTable;
  post_reports: PostReportTable;
  post_replies: PostReplyTable;
  post_reply_reports: PostReplyReportTable;
  post_reactions: PostReactionTable;
  reply_reactions: ReplyReactionTable;
  mentions: MentionTable;
  tus_uploads: TusUploadTable;
  forum_groups: ForumGroupTable;
  group_words: GroupWordTable;
  library_months: LibraryMonthTable;
  post_months: PostMonthTable;
  user_name_prefixes: NamePrefixTable;
  group_name_prefixes: NamePrefixTable;
  library_words: LibraryWordTable;
  post_words: PostWordTable;
  group_members: GroupMemberTable;
  group_invites: GroupInviteTable;
  group_join_requests: GroupJoinRequestTable;
  group_moderation_log: GroupModerationLogTable;
  licence_products: LicenceProductTable;
  licence_product_modules: LicenceProductModuleTable;
  licence_contracts: LicenceContractTable;
  licence_contract_modules: LicenceContractModuleTable;
  licences: LicenceTable;
  app_builds: AppBuildTable;
  debriefs: DebriefTable;
  user_active_months: UserActiveMonthTable;
  list_versions: ListVersionTable;
  list_totals: ListTotalTable;
}

/** Stored totals of the longest lists, kept by triggers (migration 0023, src/server/lib/list-totals.ts). */
export interface ListTotalTable {
  name: string;
  n: number;
}

/** One counter per table that list totals count (migration 0016, src/server/lib/list-cache.ts). */
export interface ListVersionTable {
  name: string;
  version: number;
}

export interface LicenceProductTable {
  id: Generated<number>;
  name: string;
  /** The product a device reports (REALITi, ALSi, CTGi); matched without regard to case. */
  key_name: string;
  created_at: string;
}

export interface LicenceProductModuleTable {
  id: Generated<number>;
  product_id: number;
  name: string;
  created_at: string;
}

export interface LicenceContractTable {
  id: Generated<number>;
  product_id: number;
  /** AgreementType: 0 recurring, 1 perpetual, 2 legacy. */
  agreement_type: number;
  number_of_licenses_allowed: number;
  /** Active licences; changed only by the claim's conditional update and by relinquish. */
  licenses_used: Generated<number>;
  agreement_creation_date: string;
  /** Exactly one of organisation_id and user_id is set. */
  organisation_id: number | null;
  user_id: number | null;
  expires_at: string | null;
  created_by: number;
}

export interface LicenceContractModuleTable {
  contract_id: number;
  module_id: number;
}

export interface LicenceTable {
  id: Generated<number>;
  contract_id: number;
  device_id: string;
  device_serial_number: string;
  license_colour: string;
  claimed_by: number;
  claimed_at: string;
  relinquished_at: string | null;
  relinquished_by: number | null;
}

export interface AppBuildTable {
  id: Generated<number>;
  /** One of PRE_RELEASE_APPS' keys (src/shared/schemas/builds.ts). */
  app: string;
  version: string;
  bundle_id: string;
  /** 'prerelease' (the Pre-Release page) or 'release' (the Downloads page). */
  channel: string;
  file_key: string;
  file_name: string;
  file_size: number;
  uploaded_by: number;
  created_at: string;
}

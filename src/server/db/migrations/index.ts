// Ordered, append-only migrations. Each feature adds its own file and one line here.
import type { Migration } from 'kysely';
import * as m0001 from './0001_foundation.js';
import * as m0002 from './0002_tags_notifications.js';
import * as m0003 from './0003_scenarios.js';
import * as m0004 from './0004_media.js';
import * as m0005 from './0005_posts.js';
import * as m0006 from './0006_uploads.js';
import * as m0007 from './0007_library_indexes.js';
import * as m0008 from './0008_auth_limits.js';
import * as m0009 from './0009_idempotency_lease.js';
import * as m0013 from './0013_licences.js';
import * as m0011 from './0011_debriefs.js';
import * as m0012 from './0012_scenario_details.js';
import * as m0010 from './0010_groups.js';
import * as m0014 from './0014_search.js';
import * as m0015 from './0015_job_leases.js';
import * as m0016 from './0016_list_versions.js';
import * as m0017 from './0017_session_versions.js';
import * as m0018 from './0018_post_tag_search.js';
import * as m0041 from './0041_conversation.js';
import * as m0019 from './0019_bookkeeping_versions.js';
import * as m0023 from './0023_list_totals.js';
import * as m0025 from './0025_pg_search_documents.js';
import * as m0020 from './0020_page_indexes.js';
import * as m0024 from './0024_media_alt_text.js';
import * as m0026 from './0026_replies.js';
import * as m0039 from './0039_media_captions.js';
import * as m0040 from './0040_notification_kinds.js';
import * as m0030 from './0030_exchange_licences.js';
import * as m0044 from './0044_scenario_versions_reviews.js';
import * as m0036 from './0036_user_language.js';
import * as m0042 from './0042_notification_delivery.js';
import * as m0047 from './0047_pg_search_listing.js';
import * as m0048 from './0048_conversation_versions.js';
import * as m0049 from './0049_notification_messages.js';
import * as m0050 from './0050_sqlite_post_listing.js';
import * as m0051 from './0051_pg_name_keys.js';
import * as m0052 from './0052_group_words.js';
import * as m0053 from './0053_library_months.js';
import * as m0054 from './0054_library_words.js';
import * as m0055 from './0055_post_words.js';
import * as m0056 from './0056_name_prefixes.js';
import * as m0057 from './0057_post_months.js';
import * as m0058 from './0058_pg_name_prefixes.js';

export const migrations: Record<string, Migration> = {
  '0001_foundation': m0001,
  '0002_tags_notifications': m0002,
  '0003_scenarios': m0003,
  '0004_media': m0004,
  '0005_posts': m0005,
  '0006_uploads': m0006,
  '0007_library_indexes': m0007,
  '0008_auth_limits': m0008,
  '0009_idempotency_lease': m0009,
  '0013_licences': m0013,
  '0011_debriefs': m0011,
  '0012_scenario_details': m0012,
  '0010_groups': m0010,
  '0014_search': m0014,
  '0015_job_leases': m0015,
  '0016_list_versions': m0016,
  '0017_session_versions': m0017,
  '0018_post_tag_search': m0018,
  '0019_bookkeeping_versions': m0019,
  '0023_list_totals': m0023,
  '0025_pg_search_documents': m0025,
  '0020_page_indexes': m0020,
  '0024_media_alt_text': m0024,
  '0026_replies': m0026,
  '0039_media_captions': m0039,
  '0040_notification_kinds': m0040,
  '0030_exchange_licences': m0030,
  '0044_scenario_versions_reviews': m0044,
  '0036_user_language': m0036,
  '0041_conversation': m0041,
  '0042_notification_delivery': m0042,
  '0047_pg_search_listing': m0047,
  '0048_conversation_versions': m0048,
  '0049_notification_messages': m0049,
  '0050_sqlite_post_listing': m0050,
  '0051_pg_name_keys': m0051,
  '0052_group_words': m0052,
  '0053_library_months': m0053,
  '0054_library_words': m0054,
  '0055_post_words': m0055,
  '0056_name_prefixes': m0056,
  '0057_post_months': m0057,
  '0058_pg_name_prefixes': m0058,
};

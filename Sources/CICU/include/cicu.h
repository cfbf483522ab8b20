// cicu.h: IMEHarness's own small C API over ICU.
//
// This header includes no ICU header, so Swift can import it next to Foundation
// (whose bundled ICU headers would collide with the system's) and so ICU's
// versioned symbol names (ubrk_open_72, ...) never reach Swift. Every ICU call
// lives in cicu.c. Text is UTF-16 (`uint16_t`), code points are `int32_t`,
// errors are ICU `UErrorCode` values carried in an `int32_t` (0 = success,
// negative = warning, positive = failure), turned into typed errors in Swift.

#ifndef CICU_H
#define CICU_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// MARK: Versions

/// Writes ICU's version ("72.1") into `buffer`, NUL-terminated.
void cicu_icu_version(char *buffer, int32_t capacity);

/// Writes the Unicode version ICU's data implements ("15.0") into `buffer`.
void cicu_unicode_version(char *buffer, int32_t capacity);

/// The short name of an ICU error code (`u_errorName`), e.g. "U_REGEX_RULE_SYNTAX".
const char *cicu_error_name(int32_t status);

// MARK: Break iteration (UAX #29)

typedef enum cicu_break_kind {
    CICU_BREAK_GRAPHEME = 0,  ///< extended grapheme clusters (UBRK_CHARACTER)
    CICU_BREAK_WORD = 1       ///< word boundaries (UBRK_WORD)
} cicu_break_kind;

/// An ICU break iterator over a caller-owned UTF-16 buffer.
typedef struct cicu_breaker cicu_breaker;

/// Opens a break iterator for the root locale. Returns NULL and sets `*status` on failure.
cicu_breaker *cicu_breaker_open(cicu_break_kind kind, int32_t *status);

/// Closes a break iterator; NULL is allowed.
void cicu_breaker_close(cicu_breaker *breaker);

/// Points the iterator at `text` (which must outlive the iteration), positioned at 0.
void cicu_breaker_set_text(cicu_breaker *breaker, const uint16_t *text, int32_t length,
                           int32_t *status);

/// Writes up to `capacity` boundaries after the current position into `boundaries`
/// (ascending, the last one is the text's length) and returns how many were
/// written; 0 once the end has been reported. With `rule_status` non-NULL, writes
/// the rule status of each boundary (for words: `UBRK_WORD_NONE` = 0 for spaces
/// and punctuation, 100 and above for word-like segments).
int32_t cicu_breaker_next(cicu_breaker *breaker, int32_t *boundaries, int32_t *rule_status,
                          int32_t capacity);

/// Whether `offset` is a boundary of `text` (`ubrk_isBoundary`): ICU looks only at the
/// text around the offset. Leaves the iterator pointed at `text`.
int cicu_breaker_is_boundary(cicu_breaker *breaker, const uint16_t *text, int32_t length, int32_t offset,
                             int32_t *status);

/// Bits of the per-code-point words `cicu_segmentation_words` writes.
typedef enum cicu_segmentation_bit {
    CICU_SEG_GCB_MASK = 0x1F,                ///< the `cicu_grapheme_cluster_break` value
    CICU_SEG_EXTENDED_PICTOGRAPHIC = 1 << 5, ///< UCHAR_EXTENDED_PICTOGRAPHIC (GB11)
    CICU_SEG_LINKING_CONSONANT = 1 << 6,     ///< ICU's $LinkingConsonant (char.txt rule 9.3)
    CICU_SEG_VIRAMA = 1 << 7,                ///< ICU's $Virama (rule 9.3)
    CICU_SEG_EXT_CCC_ZWJ = 1 << 8            ///< ICU's $ExtCccZwj: gcb=Extend with ccc != 0, or ZWJ
} cicu_segmentation_bit;

/// Writes, for every code point 0…0x10FFFF, the property word the grapheme scanner reads
/// into `words` (0x110000 entries): Grapheme_Cluster_Break, Extended_Pictographic, and
/// the classes of the Indic conjunct rule of ICU's grapheme rules (CLDR's rule 9.3:
/// `$LinkingConsonant $ExtCccZwj* $Virama $ExtCccZwj* × $LinkingConsonant`, with
/// Virama and LinkingConsonant the Indic_Syllabic_Category values Virama and Consonant
/// in the Bengali, Devanagari, Gujarati, Malayalam, Oriya and Telugu scripts). Built from
/// ICU's property maps range by range.
void cicu_segmentation_words(uint16_t *words, int32_t *status);

/// The plain ICU loop: opens a grapheme iterator, walks `text` with
/// `ubrk_next` and returns the number of clusters. The baseline that the
/// benchmarks compare against and the oracle for differential tests.
int64_t cicu_count_graphemes(const uint16_t *text, int32_t length, int32_t *status);

// MARK: Code point properties

/// General_Category values; equal to ICU's `UCharCategory` (checked in cicu.c).
typedef enum cicu_general_category {
    CICU_GC_CN = 0, CICU_GC_LU, CICU_GC_LL, CICU_GC_LT, CICU_GC_LM, CICU_GC_LO,
    CICU_GC_MN, CICU_GC_ME, CICU_GC_MC, CICU_GC_ND, CICU_GC_NL, CICU_GC_NO,
    CICU_GC_ZS, CICU_GC_ZL, CICU_GC_ZP, CICU_GC_CC, CICU_GC_CF, CICU_GC_CO,
    CICU_GC_CS, CICU_GC_PD, CICU_GC_PS, CICU_GC_PE, CICU_GC_PC, CICU_GC_PO,
    CICU_GC_SM, CICU_GC_SC, CICU_GC_SK, CICU_GC_SO, CICU_GC_PI, CICU_GC_PF
} cicu_general_category;

/// East_Asian_Width values; equal to ICU's `UEastAsianWidth` (checked in cicu.c).
typedef enum cicu_east_asian_width {
    CICU_EAW_NEUTRAL = 0, CICU_EAW_AMBIGUOUS, CICU_EAW_HALFWIDTH, CICU_EAW_FULLWIDTH,
    CICU_EAW_NARROW, CICU_EAW_WIDE
} cicu_east_asian_width;

/// Grapheme_Cluster_Break values (UAX #29); equal to ICU's `UGraphemeClusterBreak` (checked in cicu.c).
typedef enum cicu_grapheme_cluster_break {
    CICU_GCB_OTHER = 0, CICU_GCB_CONTROL, CICU_GCB_CR, CICU_GCB_EXTEND, CICU_GCB_L, CICU_GCB_LF,
    CICU_GCB_LV, CICU_GCB_LVT, CICU_GCB_T, CICU_GCB_V, CICU_GCB_SPACING_MARK, CICU_GCB_PREPEND,
    CICU_GCB_REGIONAL_INDICATOR, CICU_GCB_E_BASE, CICU_GCB_E_BASE_GAZ, CICU_GCB_E_MODIFIER,
    CICU_GCB_GLUE_AFTER_ZWJ, CICU_GCB_ZWJ
} cicu_grapheme_cluster_break;

/// The scripts the harness names; equal to ICU's `UScriptCode` values (checked in cicu.c).
/// Any other script is still returned by `cicu_script` as ICU's own code.
enum {
    CICU_SCRIPT_COMMON = 0,
    CICU_SCRIPT_INHERITED = 1,
    CICU_SCRIPT_BOPOMOFO = 5,
    CICU_SCRIPT_HANGUL = 18,
    CICU_SCRIPT_HAN = 17,
    CICU_SCRIPT_HIRAGANA = 20,
    CICU_SCRIPT_KATAKANA = 22,
    CICU_SCRIPT_LATIN = 25
};

/// Binary properties of code points, as bits of `cicu_code_point_flags`.
typedef enum cicu_binary_property {
    CICU_PROP_IDEOGRAPHIC = 1 << 0,             ///< UCHAR_IDEOGRAPHIC
    CICU_PROP_EMOJI = 1 << 1,                   ///< UCHAR_EMOJI
    CICU_PROP_EMOJI_PRESENTATION = 1 << 2,      ///< UCHAR_EMOJI_PRESENTATION
    CICU_PROP_EMOJI_MODIFIER = 1 << 3,          ///< UCHAR_EMOJI_MODIFIER
    CICU_PROP_EMOJI_MODIFIER_BASE = 1 << 4,     ///< UCHAR_EMOJI_MODIFIER_BASE
    CICU_PROP_EMOJI_COMPONENT = 1 << 5,         ///< UCHAR_EMOJI_COMPONENT
    CICU_PROP_REGIONAL_INDICATOR = 1 << 6,      ///< UCHAR_REGIONAL_INDICATOR
    CICU_PROP_EXTENDED_PICTOGRAPHIC = 1 << 7,   ///< UCHAR_EXTENDED_PICTOGRAPHIC
    CICU_PROP_WHITE_SPACE = 1 << 8,             ///< UCHAR_WHITE_SPACE
    CICU_PROP_DEFAULT_IGNORABLE = 1 << 9,       ///< UCHAR_DEFAULT_IGNORABLE_CODE_POINT
    CICU_PROP_VARIATION_SELECTOR = 1 << 10,     ///< UCHAR_VARIATION_SELECTOR
    CICU_PROP_BIDI_CONTROL = 1 << 11,           ///< UCHAR_BIDI_CONTROL
    CICU_PROP_CANONICAL_DECOMPOSITION = 1 << 12 ///< UCHAR_DECOMPOSITION_TYPE is U_DT_CANONICAL (é, 가)
} cicu_binary_property;

/// Everything the classifier asks about one code point, in one call.
typedef struct cicu_code_point_facts {
    int32_t general_category;  ///< a `cicu_general_category`
    int32_t script;            ///< ICU `UScriptCode` (Script property)
    int32_t east_asian_width;  ///< a `cicu_east_asian_width`
    int32_t grapheme_cluster_break;  ///< a `cicu_grapheme_cluster_break`
    uint32_t flags;            ///< `cicu_binary_property` bits
} cicu_code_point_facts;

/// Fills `facts` for code point `c` (a lone surrogate reports general category Cs).
void cicu_code_point_facts_get(int32_t c, cicu_code_point_facts *facts);

/// The General_Category of `c` (`u_charType`).
int32_t cicu_general_category_of(int32_t c);

/// Writes the Script_Extensions of `c` (UAX #24) and returns how many there are
/// (more than `capacity` means the buffer was too small).
int32_t cicu_script_extensions(int32_t c, int32_t *scripts, int32_t capacity, int32_t *status);

/// The ISO 15924 short name of an ICU script code ("Hani"), or NULL.
const char *cicu_script_short_name(int32_t script);

/// Writes the name of `c` (`u_charName` with `U_EXTENDED_CHAR_NAME`: the Unicode name,
/// or a label such as "<control-001B>" or "<lead surrogate-D83D>") into `buffer`,
/// NUL-terminated, and returns its length (0 on failure).
int32_t cicu_char_name(int32_t c, char *buffer, int32_t capacity);

/// The code point whose Unicode name is `name` (`u_charFromName` with `U_UNICODE_CHAR_NAME`),
/// or -1 when no character has it.
int32_t cicu_char_from_name(const char *name);

// MARK: Emoji properties of strings (UTS #51)

typedef enum cicu_string_property {
    CICU_STRING_RGI_EMOJI = 0,                  ///< UCHAR_RGI_EMOJI
    CICU_STRING_BASIC_EMOJI,                    ///< UCHAR_BASIC_EMOJI
    CICU_STRING_EMOJI_KEYCAP_SEQUENCE,          ///< UCHAR_EMOJI_KEYCAP_SEQUENCE
    CICU_STRING_RGI_EMOJI_FLAG_SEQUENCE,        ///< UCHAR_RGI_EMOJI_FLAG_SEQUENCE
    CICU_STRING_RGI_EMOJI_MODIFIER_SEQUENCE,    ///< UCHAR_RGI_EMOJI_MODIFIER_SEQUENCE
    CICU_STRING_RGI_EMOJI_TAG_SEQUENCE,         ///< UCHAR_RGI_EMOJI_TAG_SEQUENCE
    CICU_STRING_RGI_EMOJI_ZWJ_SEQUENCE          ///< UCHAR_RGI_EMOJI_ZWJ_SEQUENCE
} cicu_string_property;

/// Whether the whole string `s` has the emoji string property (`u_stringHasBinaryProperty`).
int cicu_string_has_property(const uint16_t *s, int32_t length, cicu_string_property which);

// MARK: Regular expressions (ICU regex: the engine behind NSRegularExpression and NSPredicate MATCHES)

/// Flags; equal to ICU's `URegexpFlag` values (checked in cicu.c).
enum {
    CICU_REGEX_CASE_INSENSITIVE = 2,
    CICU_REGEX_COMMENTS = 4,
    CICU_REGEX_DOTALL = 32,
    CICU_REGEX_MULTILINE = 8,
    CICU_REGEX_UWORD = 256
};

/// The statuses of a match that ICU gave up on; equal to ICU's `U_REGEX_TIME_OUT` and
/// `U_REGEX_STACK_OVERFLOW` (checked in cicu.c).
enum {
    CICU_REGEX_TIME_OUT = 66322,
    CICU_REGEX_STACK_OVERFLOW = 66321
};

typedef struct cicu_regex cicu_regex;

/// Compiles `pattern` with ICU's resource limits for every match: `time_limit` in the
/// match engine's steps (`uregex_setTimeLimit`, "on the order of milliseconds" each) and
/// `stack_limit` bytes of backtrack stack (`uregex_setStackLimit`). On failure returns
/// NULL, sets `*status` and, when known, `*error_offset` to the UTF-16 offset in the
/// pattern where the error was found.
cicu_regex *cicu_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t time_limit,
                            int32_t stack_limit, int32_t *error_offset, int32_t *status);

void cicu_regex_close(cicu_regex *regex);

/// Whether the whole of `text` matches (`uregex_matches`, NSPredicate MATCHES).
int cicu_regex_matches(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t *status);

/// Finds the first match at or after `start` (`uregex_find`); returns 1 and sets
/// `*match_start`/`*match_end` when found, 0 when not.
int cicu_regex_find(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t start,
                    int32_t *match_start, int32_t *match_end, int32_t *status);

/// Writes the NFKC form of `text` (`unorm2_getNFKCInstance`, `unorm2_normalize`) into
/// `dest`; returns its length (which may exceed `capacity`: call again with more room).
int32_t cicu_normalize_nfkc(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                            int32_t *status);

/// Writes the NFD form of `text` (`unorm2_getNFDInstance`, `unorm2_normalize`) into `dest`,
/// as `cicu_normalize_nfkc` does: a Hangul syllable becomes its conjoining jamo.
int32_t cicu_normalize_nfd(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                           int32_t *status);

/// Writes the NFKD form of `text` (`unorm2_getNFKDInstance`), as `cicu_normalize_nfkc` does.
int32_t cicu_normalize_nfkd(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                            int32_t *status);

// MARK: Locale number symbols (CLDR data through ICU's number formatting)

/// Which symbol `cicu_number_symbol` writes: a digit 0–9, or a separator.
enum {
    CICU_NUMBER_SYMBOL_DECIMAL_SEPARATOR = 10,
    CICU_NUMBER_SYMBOL_GROUPING_SEPARATOR = 11
};

/// The status `cicu_number_symbol` sets when `language_tag` is not a well-formed BCP 47
/// tag, or names a locale ICU has no data for (it would fall back to the root locale).
enum { CICU_UNKNOWN_LOCALE = 0x7FFF0000 };

/// Writes one symbol of the default decimal format of the locale named by the BCP 47
/// `language_tag` (`uloc_forLanguageTag`, `unum_open(UNUM_DECIMAL)`, `unum_getSymbol`):
/// `which` 0–9 is that digit in the locale's default numbering system (٣ in `ar-EG`), or
/// one of `CICU_NUMBER_SYMBOL_*`. Returns the symbol's length (which may exceed
/// `capacity`).
int32_t cicu_number_symbol(const char *language_tag, int32_t which, uint16_t *dest, int32_t capacity,
                           int32_t *status);

#ifdef __cplusplus
}
#endif

#endif

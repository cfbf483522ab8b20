// cicu.c: the only file in IMEHarness that includes ICU headers.
// See include/cicu.h for the contract of each function.

#include "cicu.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ubrk.h>
#include <unicode/uchar.h>
#include <unicode/ucpmap.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ures.h>
#include <unicode/unorm2.h>
#include <unicode/uregex.h>
#include <unicode/uscript.h>
#include <unicode/uset.h>
#include <unicode/ustring.h>
#include <unicode/uversion.h>

// Our enums mirror ICU's values so that no translation table is needed; the
// compiler checks that they still agree with the ICU we build against.
#define SAME(ours, icus) ((int)(ours) == (int)(icus))
_Static_assert(SAME(CICU_GC_CN, U_UNASSIGNED) && SAME(CICU_GC_LU, U_UPPERCASE_LETTER) &&
                   SAME(CICU_GC_ND, U_DECIMAL_DIGIT_NUMBER) && SAME(CICU_GC_CS, U_SURROGATE) &&
                   SAME(CICU_GC_SO, U_OTHER_SYMBOL) && SAME(CICU_GC_PF, U_FINAL_PUNCTUATION),
               "cicu_general_category must mirror UCharCategory");
_Static_assert(SAME(CICU_EAW_NEUTRAL, U_EA_NEUTRAL) && SAME(CICU_EAW_AMBIGUOUS, U_EA_AMBIGUOUS) &&
                   SAME(CICU_EAW_HALFWIDTH, U_EA_HALFWIDTH) && SAME(CICU_EAW_FULLWIDTH, U_EA_FULLWIDTH) &&
                   SAME(CICU_EAW_NARROW, U_EA_NARROW) && SAME(CICU_EAW_WIDE, U_EA_WIDE),
               "cicu_east_asian_width must mirror UEastAsianWidth");
_Static_assert(SAME(CICU_SCRIPT_COMMON, USCRIPT_COMMON) && SAME(CICU_SCRIPT_INHERITED, USCRIPT_INHERITED) &&
                   SAME(CICU_SCRIPT_BOPOMOFO, USCRIPT_BOPOMOFO) && SAME(CICU_SCRIPT_HAN, USCRIPT_HAN) &&
                   SAME(CICU_SCRIPT_HANGUL, USCRIPT_HANGUL) && SAME(CICU_SCRIPT_HIRAGANA, USCRIPT_HIRAGANA) &&
                   SAME(CICU_SCRIPT_KATAKANA, USCRIPT_KATAKANA) &&
                   SAME(CICU_SCRIPT_LATIN, USCRIPT_LATIN),
               "CICU_SCRIPT_* must mirror UScriptCode");
_Static_assert(SAME(CICU_REGEX_CASE_INSENSITIVE, UREGEX_CASE_INSENSITIVE) &&
                   SAME(CICU_REGEX_COMMENTS, UREGEX_COMMENTS) && SAME(CICU_REGEX_DOTALL, UREGEX_DOTALL) &&
                   SAME(CICU_REGEX_MULTILINE, UREGEX_MULTILINE) && SAME(CICU_REGEX_UWORD, UREGEX_UWORD),
               "CICU_REGEX_* must mirror URegexpFlag");
_Static_assert(sizeof(UChar) == sizeof(uint16_t), "UChar must be a UTF-16 code unit");
_Static_assert(SAME(CICU_GCB_OTHER, U_GCB_OTHER) && SAME(CICU_GCB_CR, U_GCB_CR) && SAME(CICU_GCB_L, U_GCB_L) &&
                   SAME(CICU_GCB_V, U_GCB_V) && SAME(CICU_GCB_SPACING_MARK, U_GCB_SPACING_MARK) &&
                   SAME(CICU_GCB_PREPEND, U_GCB_PREPEND) && SAME(CICU_GCB_REGIONAL_INDICATOR, U_GCB_REGIONAL_INDICATOR) &&
                   SAME(CICU_GCB_ZWJ, U_GCB_ZWJ) && U_GCB_COUNT == CICU_GCB_ZWJ + 1,
               "cicu_grapheme_cluster_break must mirror UGraphemeClusterBreak");

// ICU wants a non-NULL buffer even for empty text.
static const UChar empty_text[1] = {0};

static const UChar *text_or_empty(const uint16_t *text, int32_t length) {
    return (text == NULL || length == 0) ? empty_text : (const UChar *)text;
}

// MARK: Versions

void cicu_icu_version(char *buffer, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getVersion(version);
    u_versionToString(version, text);
    strncpy(buffer, text, (size_t)capacity);
    if (capacity > 0) buffer[capacity - 1] = 0;
}

void cicu_unicode_version(char *buffer, int32_t capacity) {
    UVersionInfo version;
    char text[U_MAX_VERSION_STRING_LENGTH];
    u_getUnicodeVersion(version);
    // u_versionToString drops trailing zero fields only below two: "15.0" stays "15.0".
    u_versionToString(version, text);
    strncpy(buffer, text, (size_t)capacity);
    if (capacity > 0) buffer[capacity - 1] = 0;
}

const char *cicu_error_name(int32_t status) { return u_errorName((UErrorCode)status); }

// MARK: Break iteration

struct cicu_breaker {
    UBreakIterator *iterator;
    int done;
};

// Opening a break iterator resolves the locale and loads its rules (microseconds);
// cloning an open one copies a few pointers. One prototype per kind is opened once,
// never given text and never iterated, so cloning it from any thread is safe.
static UBreakIterator *prototypes[2];
static UErrorCode prototype_errors[2];
static pthread_once_t prototype_once[2] = {PTHREAD_ONCE_INIT, PTHREAD_ONCE_INIT};

static void open_prototype(int kind) {
    UErrorCode error = U_ZERO_ERROR;
    prototypes[kind] = ubrk_open(kind == CICU_BREAK_WORD ? UBRK_WORD : UBRK_CHARACTER, "", NULL, 0, &error);
    prototype_errors[kind] = error;
}

static void open_grapheme_prototype(void) { open_prototype(CICU_BREAK_GRAPHEME); }
static void open_word_prototype(void) { open_prototype(CICU_BREAK_WORD); }

cicu_breaker *cicu_breaker_open(cicu_break_kind kind, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int index = kind == CICU_BREAK_WORD ? CICU_BREAK_WORD : CICU_BREAK_GRAPHEME;
    pthread_once(&prototype_once[index], index == CICU_BREAK_WORD ? open_word_prototype : open_grapheme_prototype);
    if (U_FAILURE(prototype_errors[index])) {
        *status = prototype_errors[index];
        return NULL;
    }
    UBreakIterator *iterator = ubrk_clone(prototypes[index], &error);
    if (U_FAILURE(error)) {
        *status = error;
        return NULL;
    }
    cicu_breaker *breaker = malloc(sizeof *breaker);
    if (breaker == NULL) {
        ubrk_close(iterator);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    breaker->iterator = iterator;
    breaker->done = 1;
    *status = U_ZERO_ERROR;
    return breaker;
}

void cicu_breaker_close(cicu_breaker *breaker) {
    if (breaker == NULL) return;
    ubrk_close(breaker->iterator);
    free(breaker);
}

void cicu_breaker_set_text(cicu_breaker *breaker, const uint16_t *text, int32_t length,
                           int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, text_or_empty(text, length), length, &error);
    *status = error;
    breaker->done = U_FAILURE(error) || length == 0;
}

int32_t cicu_breaker_next(cicu_breaker *breaker, int32_t *boundaries, int32_t *rule_status,
                          int32_t capacity) {
    if (breaker->done) return 0;
    int32_t count = 0;
    while (count < capacity) {
        int32_t boundary = ubrk_next(breaker->iterator);
        if (boundary == UBRK_DONE) {
            breaker->done = 1;
            break;
        }
        boundaries[count] = boundary;
        if (rule_status != NULL) rule_status[count] = ubrk_getRuleStatus(breaker->iterator);
        count++;
    }
    return count;
}

int cicu_breaker_is_boundary(cicu_breaker *breaker, const uint16_t *text, int32_t length, int32_t offset,
                             int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    ubrk_setText(breaker->iterator, text_or_empty(text, length), length, &error);
    breaker->done = 1;  // the iterator is no longer at the start of a walk
    *status = error;
    if (U_FAILURE(error)) return 0;
    return ubrk_isBoundary(breaker->iterator, offset) ? 1 : 0;
}

int64_t cicu_count_graphemes(const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UBreakIterator *iterator =
        ubrk_open(UBRK_CHARACTER, "", text_or_empty(text, length), length, &error);
    if (U_FAILURE(error)) {
        *status = error;
        return 0;
    }
    int64_t count = 0;
    while (ubrk_next(iterator) != UBRK_DONE) count++;
    ubrk_close(iterator);
    *status = U_ZERO_ERROR;
    return count;
}

// MARK: Code point properties

static const struct {
    UProperty property;
    uint32_t flag;
} binary_properties[] = {
    {UCHAR_IDEOGRAPHIC, CICU_PROP_IDEOGRAPHIC},
    {UCHAR_EMOJI, CICU_PROP_EMOJI},
    {UCHAR_EMOJI_PRESENTATION, CICU_PROP_EMOJI_PRESENTATION},
    {UCHAR_EMOJI_MODIFIER, CICU_PROP_EMOJI_MODIFIER},
    {UCHAR_EMOJI_MODIFIER_BASE, CICU_PROP_EMOJI_MODIFIER_BASE},
    {UCHAR_EMOJI_COMPONENT, CICU_PROP_EMOJI_COMPONENT},
    {UCHAR_REGIONAL_INDICATOR, CICU_PROP_REGIONAL_INDICATOR},
    {UCHAR_EXTENDED_PICTOGRAPHIC, CICU_PROP_EXTENDED_PICTOGRAPHIC},
    {UCHAR_WHITE_SPACE, CICU_PROP_WHITE_SPACE},
    {UCHAR_DEFAULT_IGNORABLE_CODE_POINT, CICU_PROP_DEFAULT_IGNORABLE},
    {UCHAR_VARIATION_SELECTOR, CICU_PROP_VARIATION_SELECTOR},
    {UCHAR_BIDI_CONTROL, CICU_PROP_BIDI_CONTROL},
};

void cicu_code_point_facts_get(int32_t c, cicu_code_point_facts *facts) {
    UErrorCode error = U_ZERO_ERROR;
    facts->general_category = u_charType(c);
    facts->script = uscript_getScript(c, &error);
    if (U_FAILURE(error)) facts->script = USCRIPT_UNKNOWN;
    facts->east_asian_width = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
    facts->grapheme_cluster_break = u_getIntPropertyValue(c, UCHAR_GRAPHEME_CLUSTER_BREAK);
    uint32_t flags = 0;
    for (size_t i = 0; i < sizeof binary_properties / sizeof binary_properties[0]; i++) {
        if (u_hasBinaryProperty(c, binary_properties[i].property)) flags |= binary_properties[i].flag;
    }
    if (u_getIntPropertyValue(c, UCHAR_DECOMPOSITION_TYPE) == U_DT_CANONICAL) flags |= CICU_PROP_CANONICAL_DECOMPOSITION;
    facts->flags = flags;
}

int32_t cicu_general_category_of(int32_t c) { return u_charType(c); }

int32_t cicu_script_extensions(int32_t c, int32_t *scripts, int32_t capacity, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t count = uscript_getScriptExtensions(c, (UScriptCode *)scripts, capacity, &error);
    *status = error == U_BUFFER_OVERFLOW_ERROR ? U_ZERO_ERROR : error;
    return count;
}

const char *cicu_script_short_name(int32_t script) {
    return uscript_getShortName((UScriptCode)script);
}

int32_t cicu_char_name(int32_t c, char *buffer, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t length = u_charName(c, U_EXTENDED_CHAR_NAME, buffer, capacity, &status);
    if (U_FAILURE(status) || length >= capacity) {
        if (capacity > 0) buffer[0] = 0;
        return 0;
    }
    return length;
}

int32_t cicu_char_from_name(const char *name) {
    UErrorCode status = U_ZERO_ERROR;
    UChar32 c = u_charFromName(U_UNICODE_CHAR_NAME, name, &status);
    return U_FAILURE(status) ? -1 : c;
}

// MARK: Emoji properties of strings

int cicu_string_has_property(const uint16_t *s, int32_t length, cicu_string_property which) {
    static const UProperty properties[] = {
        UCHAR_RGI_EMOJI,
        UCHAR_BASIC_EMOJI,
        UCHAR_EMOJI_KEYCAP_SEQUENCE,
        UCHAR_RGI_EMOJI_FLAG_SEQUENCE,
        UCHAR_RGI_EMOJI_MODIFIER_SEQUENCE,
        UCHAR_RGI_EMOJI_TAG_SEQUENCE,
        UCHAR_RGI_EMOJI_ZWJ_SEQUENCE,
    };
    if ((int)which < 0 || (size_t)which >= sizeof properties / sizeof properties[0]) return 0;
    return u_stringHasBinaryProperty(text_or_empty(s, length), length, properties[which]) ? 1 : 0;
}

// MARK: Regular expressions

struct cicu_regex {
    URegularExpression *expression;
};

_Static_assert(CICU_REGEX_TIME_OUT == U_REGEX_TIME_OUT, "ICU's time-out status");
_Static_assert(CICU_REGEX_STACK_OVERFLOW == U_REGEX_STACK_OVERFLOW, "ICU's stack-overflow status");

cicu_regex *cicu_regex_open(const uint16_t *pattern, int32_t length, uint32_t flags, int32_t time_limit,
                            int32_t stack_limit, int32_t *error_offset, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    UParseError parse_error;
    memset(&parse_error, 0, sizeof parse_error);
    parse_error.offset = -1;
    URegularExpression *expression = uregex_open(text_or_empty(pattern, length), length, flags,
                                                 &parse_error, &error);
    *error_offset = parse_error.offset;
    if (U_SUCCESS(error)) uregex_setTimeLimit(expression, time_limit, &error);
    if (U_SUCCESS(error)) uregex_setStackLimit(expression, stack_limit, &error);
    if (U_FAILURE(error)) {
        if (expression != NULL) uregex_close(expression);
        *status = error;
        return NULL;
    }
    cicu_regex *regex = malloc(sizeof *regex);
    if (regex == NULL) {
        uregex_close(expression);
        *status = U_MEMORY_ALLOCATION_ERROR;
        return NULL;
    }
    regex->expression = expression;
    *status = U_ZERO_ERROR;
    return regex;
}

void cicu_regex_close(cicu_regex *regex) {
    if (regex == NULL) return;
    uregex_close(regex->expression);
    free(regex);
}

int cicu_regex_matches(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    uregex_setText(regex->expression, text_or_empty(text, length), length, &error);
    UBool matched = U_SUCCESS(error) ? uregex_matches(regex->expression, 0, &error) : 0;
    *status = error;
    return U_SUCCESS(error) && matched ? 1 : 0;
}

int cicu_regex_find(cicu_regex *regex, const uint16_t *text, int32_t length, int32_t start,
                    int32_t *match_start, int32_t *match_end, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    uregex_setText(regex->expression, text_or_empty(text, length), length, &error);
    UBool found = U_SUCCESS(error) ? uregex_find(regex->expression, start, &error) : 0;
    if (U_SUCCESS(error) && found) {
        *match_start = uregex_start(regex->expression, 0, &error);
        *match_end = uregex_end(regex->expression, 0, &error);
    }
    *status = error;
    return U_SUCCESS(error) && found ? 1 : 0;
}

int32_t cicu_normalize_nfkc(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                            int32_t *status) {
    const UNormalizer2 *nfkc = unorm2_getNFKCInstance((UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    return unorm2_normalize(nfkc, (const UChar *)text, length, (UChar *)dest, capacity, (UErrorCode *)status);
}

int32_t cicu_normalize_nfd(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                           int32_t *status) {
    const UNormalizer2 *nfd = unorm2_getNFDInstance((UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    return unorm2_normalize(nfd, (const UChar *)text, length, (UChar *)dest, capacity, (UErrorCode *)status);
}

int32_t cicu_normalize_nfkd(const uint16_t *text, int32_t length, uint16_t *dest, int32_t capacity,
                            int32_t *status) {
    const UNormalizer2 *nfkd = unorm2_getNFKDInstance((UErrorCode *)status);
    if (U_FAILURE(*status)) return 0;
    return unorm2_normalize(nfkd, (const UChar *)text, length, (UChar *)dest, capacity, (UErrorCode *)status);
}

// MARK: Segmentation property words

/// Calls `apply(words, start, end, value)` for each range of equal values of `property`.
static void cicu_each_range(UProperty property, uint16_t *words, int32_t *status,
                            void (*apply)(uint16_t *, UChar32, UChar32, uint32_t)) {
    UErrorCode error = U_ZERO_ERROR;
    const UCPMap *map = u_getIntPropertyMap(property, &error);
    if (U_FAILURE(error)) { *status = error; return; }
    UChar32 start = 0;
    while (start <= 0x10FFFF) {
        uint32_t value = 0;
        UChar32 end = ucpmap_getRange(map, start, UCPMAP_RANGE_NORMAL, 0, NULL, NULL, &value);
        if (end < start) break;
        apply(words, start, end, value);
        start = end + 1;
    }
}

static void cicu_set_gcb(uint16_t *words, UChar32 start, UChar32 end, uint32_t value) {
    for (UChar32 c = start; c <= end; c++) words[c] = (uint16_t)(value & CICU_SEG_GCB_MASK);
}

/// Scratch bits while building: the script is one of rule 9.3's, the InSC is Virama or Consonant, ccc != 0.
enum { SCRATCH_SCRIPT = 1 << 13, SCRATCH_VIRAMA = 1 << 14, SCRATCH_CONSONANT = 1 << 15, SCRATCH_CCC = 1 << 12 };

static void cicu_set_script(uint16_t *words, UChar32 start, UChar32 end, uint32_t value) {
    if (value != USCRIPT_BENGALI && value != USCRIPT_DEVANAGARI && value != USCRIPT_GUJARATI &&
        value != USCRIPT_MALAYALAM && value != USCRIPT_ORIYA && value != USCRIPT_TELUGU) return;
    for (UChar32 c = start; c <= end; c++) words[c] |= SCRATCH_SCRIPT;
}

static void cicu_set_insc(uint16_t *words, UChar32 start, UChar32 end, uint32_t value) {
    uint16_t bit = value == U_INSC_VIRAMA ? SCRATCH_VIRAMA : value == U_INSC_CONSONANT ? SCRATCH_CONSONANT : 0;
    if (!bit) return;
    for (UChar32 c = start; c <= end; c++) words[c] |= bit;
}

static void cicu_set_ccc(uint16_t *words, UChar32 start, UChar32 end, uint32_t value) {
    if (value == 0) return;
    for (UChar32 c = start; c <= end; c++) words[c] |= SCRATCH_CCC;
}

void cicu_segmentation_words(uint16_t *words, int32_t *status) {
    *status = U_ZERO_ERROR;
    memset(words, 0, sizeof(uint16_t) * 0x110000);
    cicu_each_range(UCHAR_GRAPHEME_CLUSTER_BREAK, words, status, cicu_set_gcb);
    cicu_each_range(UCHAR_SCRIPT, words, status, cicu_set_script);
    cicu_each_range(UCHAR_INDIC_SYLLABIC_CATEGORY, words, status, cicu_set_insc);
    cicu_each_range(UCHAR_CANONICAL_COMBINING_CLASS, words, status, cicu_set_ccc);
    if (U_FAILURE(*status)) return;
    UErrorCode error = U_ZERO_ERROR;
    const USet *pictographic = u_getBinaryPropertySet(UCHAR_EXTENDED_PICTOGRAPHIC, &error);
    if (U_FAILURE(error)) { *status = error; return; }
    int32_t count = uset_getItemCount(pictographic);
    for (int32_t i = 0; i < count; i++) {
        UChar32 start, end;
        if (uset_getItem(pictographic, i, &start, &end, NULL, 0, &error) != 0) break;  // ranges only
        for (UChar32 c = start; c <= end; c++) words[c] |= CICU_SEG_EXTENDED_PICTOGRAPHIC;
    }
    for (UChar32 c = 0; c <= 0x10FFFF; c++) {
        uint16_t word = words[c];
        uint16_t gcb = word & CICU_SEG_GCB_MASK;
        uint16_t out = word & (CICU_SEG_GCB_MASK | CICU_SEG_EXTENDED_PICTOGRAPHIC);
        if ((word & SCRATCH_SCRIPT) && (word & SCRATCH_CONSONANT)) out |= CICU_SEG_LINKING_CONSONANT;
        if ((word & SCRATCH_SCRIPT) && (word & SCRATCH_VIRAMA)) out |= CICU_SEG_VIRAMA;
        if ((gcb == U_GCB_EXTEND && (word & SCRATCH_CCC)) || gcb == U_GCB_ZWJ) out |= CICU_SEG_EXT_CCC_ZWJ;
        words[c] = out;
    }
}

// MARK: Locale number symbols

_Static_assert(UNUM_ONE_DIGIT_SYMBOL + 8 == UNUM_NINE_DIGIT_SYMBOL, "the digit symbols must be consecutive");

int32_t cicu_number_symbol(const char *language_tag, int32_t which, uint16_t *dest, int32_t capacity,
                           int32_t *status) {
    if (U_FAILURE(*status)) return 0;
    if (which < 0 || which > CICU_NUMBER_SYMBOL_GROUPING_SEPARATOR) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return 0;
    }
    char locale[ULOC_FULLNAME_CAPACITY];
    int32_t parsed = 0;
    UErrorCode code = U_ZERO_ERROR;
    uloc_forLanguageTag(language_tag, locale, (int32_t)sizeof locale, &parsed, &code);
    if (U_FAILURE(code) || code == U_STRING_NOT_TERMINATED_WARNING || parsed != (int32_t)strlen(language_tag) ||
        locale[0] == 0) {
        *status = CICU_UNKNOWN_LOCALE;
        return 0;
    }
    // ICU falls back to the default locale for one it has no data for, and says so only
    // when the locale's own resource bundle is opened (unum_open warns for any locale).
    code = U_ZERO_ERROR;
    UResourceBundle *bundle = ures_open(NULL, locale, &code);
    if (bundle != NULL) ures_close(bundle);
    if (U_FAILURE(code) || code == U_USING_DEFAULT_WARNING) {
        *status = U_FAILURE(code) ? (int32_t)code : CICU_UNKNOWN_LOCALE;
        return 0;
    }
    code = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &code);
    if (U_FAILURE(code)) {
        *status = (int32_t)code;
        return 0;
    }
    UNumberFormatSymbol symbol = which == 0                                      ? UNUM_ZERO_DIGIT_SYMBOL
                                 : which <= 9                                    ? UNUM_ONE_DIGIT_SYMBOL + (which - 1)
                                 : which == CICU_NUMBER_SYMBOL_DECIMAL_SEPARATOR ? UNUM_DECIMAL_SEPARATOR_SYMBOL
                                                                                 : UNUM_GROUPING_SEPARATOR_SYMBOL;
    int32_t length = unum_getSymbol(format, symbol, (UChar *)dest, capacity, &code);
    unum_close(format);
    if (U_FAILURE(code) && code != U_BUFFER_OVERFLOW_ERROR) *status = (int32_t)code;
    return length;
}

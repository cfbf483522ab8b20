// The C APIs of the input-method engines the recorder drives, as Debian installs them:
// librime-dev, libchewing3-dev, libhangul-dev, libanthy-dev. Only the recorder's
// engine adapters (EngineRecorder/Engines) use them.
#include <rime_api.h>
#include <chewing/chewing.h>
#include <hangul-1.0/hangul.h>
#include <anthy/anthy.h>

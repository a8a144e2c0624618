/// CLDR's likely subtags, as far as Larder needs them: the script and region a language
/// (or a language written in a script) most likely has, which make a tag's default content
/// locale: the child that is the same locale as its parent (`pt-BR` for `pt`, `zh-Hant-TW`
/// for `zh-Hant`, `de-DE` for `de`), as CLDR's `defaultContent` lists them.
///
///     LikelySubtags.isDefaultContent("pt-BR", of: "pt")            // true
///     LikelySubtags.isDefaultContent("zh-Hant-TW", of: "zh-Hant")  // true
///     LikelySubtags.isDefaultContent("es-MX", of: "es-419")        // false: es-419 has none
///
/// The table holds the language of every locale CLDR has data for (331), generated from
/// CLDR's `likelySubtags.xml` as Babel 2.19 ships it, and the scripts whose likely region
/// differs from their language's (`zh-Hant` is Taiwan's, `zh` China's).
public enum LikelySubtags {
    /// The most likely script and region of each language.
    static let languages: [String: (script: String, region: String)] = table(
        """
        aa-Latn-ET ab-Cyrl-GE ady-Cyrl-RU af-Latn-ZA agq-Latn-CM ak-Latn-GH am-Ethi-ET an-Latn-ES ann-Latn-NG
        apc-Arab-SY ar-Arab-EG arn-Latn-CL ary-Arab-MA as-Beng-IN asa-Latn-TZ ast-Latn-ES az-Latn-AZ ba-Cyrl-RU
        bal-Arab-PK bas-Latn-CM be-Cyrl-BY bem-Latn-ZM bew-Latn-ID bez-Latn-TZ bg-Cyrl-BG bgc-Deva-IN
        bgn-Arab-PK bho-Deva-IN blo-Latn-BJ blt-Tavt-VN bm-Latn-ML bn-Beng-BD bo-Tibt-CN bqi-Arab-IR br-Latn-FR
        brh-Arab-PK brx-Deva-IN bs-Latn-BA bss-Latn-CM bua-Cyrl-RU byn-Ethi-ER ca-Latn-ES cad-Latn-US
        cch-Latn-NG ccp-Cakm-BD ce-Cyrl-RU ceb-Latn-PH cgg-Latn-UG cho-Latn-US chr-Cher-US cic-Latn-US
        ckb-Arab-IQ co-Latn-FR cop-Copt-EG cs-Latn-CZ csw-Cans-CA cu-Cyrl-RU cv-Cyrl-RU cy-Latn-GB da-Latn-DK
        dav-Latn-KE de-Latn-DE dje-Latn-NE doi-Deva-IN dsb-Latn-DE dua-Latn-CM dv-Thaa-MV dyo-Latn-SN dz-Tibt-BT
        ebu-Latn-KE ee-Latn-GH el-Grek-GR en-Latn-US eo-Latn-001 es-Latn-ES et-Latn-EE eu-Latn-ES ewo-Latn-CM
        fa-Arab-IR ff-Latn-SN fi-Latn-FI fil-Latn-PH fo-Latn-FO fr-Latn-FR frr-Latn-DE fur-Latn-IT fy-Latn-NL
        ga-Latn-IE gaa-Latn-GH gd-Latn-GB gez-Ethi-ET gl-Latn-ES gn-Latn-PY gsw-Latn-CH gu-Gujr-IN guz-Latn-KE
        gv-Latn-IM ha-Latn-NG haw-Latn-US he-Hebr-IL hi-Deva-IN hnj-Hmnp-US hr-Latn-HR hrx-Latn-BR hsb-Latn-DE
        ht-Latn-HT hu-Latn-HU hy-Armn-AM ia-Latn-001 id-Latn-ID ie-Latn-EE ig-Latn-NG ii-Yiii-CN io-Latn-001
        is-Latn-IS isv-Latn-001 it-Latn-IT iu-Cans-CA ja-Jpan-JP jbo-Latn-001 jgo-Latn-CM jmc-Latn-TZ jv-Latn-ID
        ka-Geor-GE kaa-Cyrl-UZ kab-Latn-DZ kaj-Latn-NG kam-Latn-KE kbd-Cyrl-RU kcg-Latn-NG kde-Latn-TZ
        kea-Latn-CV kek-Latn-GT ken-Latn-CM kgp-Latn-BR khq-Latn-ML ki-Latn-KE kk-Cyrl-KZ kkj-Latn-CM kl-Latn-GL
        kln-Latn-KE km-Khmr-KH kn-Knda-IN ko-Kore-KR kok-Deva-IN kpe-Latn-LR ks-Arab-IN ksb-Latn-TZ ksf-Latn-CM
        ksh-Latn-DE ku-Latn-TR kw-Latn-GB kxv-Latn-IN ky-Cyrl-KG la-Latn-VA lag-Latn-TZ lb-Latn-LU lg-Latn-UG
        lij-Latn-IT lkt-Latn-US lld-Latn-IT lmo-Latn-IT ln-Latn-CD lo-Laoo-LA lrc-Arab-IR lt-Latn-LT ltg-Latn-LV
        lu-Latn-CD luo-Latn-KE luy-Latn-KE lv-Latn-LV lzz-Latn-TR mai-Deva-IN mas-Latn-KE mdf-Cyrl-RU
        mer-Latn-KE mfe-Latn-MU mg-Latn-MG mgh-Latn-MZ mgo-Latn-CM mhn-Latn-IT mi-Latn-NZ mic-Latn-CA mk-Cyrl-MK
        ml-Mlym-IN mn-Cyrl-MN mni-Beng-IN moh-Latn-CA mr-Deva-IN mrh-Latn-IN ms-Latn-MY mt-Latn-MT mua-Latn-CM
        mus-Latn-US mww-Hmnp-US my-Mymr-MM myv-Cyrl-RU mzn-Arab-IR naq-Latn-NA nb-Latn-NO nd-Latn-ZW nds-Latn-DE
        ne-Deva-NP nl-Latn-NL nmg-Latn-CM nn-Latn-NO nnh-Latn-CM no-Latn-NO nqo-Nkoo-GN nr-Latn-ZA nso-Latn-ZA
        nus-Latn-SS nv-Latn-US ny-Latn-MW nyn-Latn-UG oc-Latn-FR oka-Latn-CA om-Latn-ET or-Orya-IN os-Cyrl-GE
        osa-Osge-US pa-Guru-IN pap-Latn-CW pcm-Latn-NG pi-Latn-GB pis-Latn-SB pl-Latn-PL pms-Latn-IT prg-Latn-PL
        ps-Arab-AF pt-Latn-BR qu-Latn-PE quc-Latn-GT raj-Deva-IN rhg-Rohg-MM rif-Latn-MA rm-Latn-CH rn-Latn-BI
        ro-Latn-RO rof-Latn-TZ ru-Cyrl-RU rw-Latn-RW rwk-Latn-TZ sa-Deva-IN sah-Cyrl-RU saq-Latn-KE sat-Olck-IN
        sbp-Latn-TZ sc-Latn-IT scn-Latn-IT sd-Arab-PK sdh-Arab-IR se-Latn-NO seh-Latn-MZ ses-Latn-ML sg-Latn-CF
        sgs-Latn-LT shi-Tfng-MA shn-Mymr-MM si-Sinh-LK sid-Latn-ET sk-Latn-SK skr-Arab-PK sl-Latn-SI sma-Latn-SE
        smj-Latn-SE smn-Latn-FI sms-Latn-FI sn-Latn-ZW so-Latn-SO sq-Latn-AL sr-Cyrl-RS ss-Latn-ZA ssy-Latn-ER
        st-Latn-ZA su-Latn-ID sus-Latn-GN suz-Deva-NP sv-Latn-SE sw-Latn-TZ syr-Syrc-IQ szl-Latn-PL ta-Taml-IN
        te-Telu-IN teo-Latn-UG tg-Cyrl-TJ th-Thai-TH ti-Ethi-ET tig-Ethi-ER tk-Latn-TM tn-Latn-ZA to-Latn-TO
        tok-Latn-001 tpi-Latn-PG tr-Latn-TR trv-Latn-TW trw-Arab-PK ts-Latn-ZA tt-Cyrl-RU twq-Latn-NE
        tyv-Cyrl-RU tzm-Latn-MA ug-Arab-CN uk-Cyrl-UA ur-Arab-PK uz-Latn-UZ vai-Vaii-LR ve-Latn-ZA vec-Latn-IT
        vi-Latn-VN vmw-Latn-MZ vo-Latn-001 vun-Latn-TZ wa-Latn-BE wae-Latn-CH wal-Ethi-ET wbp-Latn-AU wo-Latn-SN
        xdq-Cyrl-RU xh-Latn-ZA xnr-Deva-IN xog-Latn-UG yav-Latn-CM yi-Hebr-UA yo-Latn-NG yrl-Latn-BR yue-Hant-HK
        za-Latn-CN zgh-Tfng-MA zh-Hans-CN zu-Latn-ZA
        """
    )

    /// A language written in a script whose likely region differs from the language's.
    static let scriptRegions: [String: String] = {
        var out: [String: String] = [:]
        for entry in "az-Arab-IR en-Shaw-GB ff-Adlm-GN kk-Arab-CN ku-Arab-IQ mn-Mong-CN pa-Arab-PK sd-Deva-IN uz-Arab-AF yue-Hans-CN zh-Hant-TW".split(separator: " ") {
            let parts = entry.split(separator: "-")
            out["\(parts[0])-\(parts[1])"] = String(parts[2])
        }
        return out
    }()

    static func table(_ text: String) -> [String: (script: String, region: String)] {
        var out: [String: (script: String, region: String)] = [:]
        for entry in text.split(whereSeparator: \.isWhitespace) {
            let parts = entry.split(separator: "-")
            out[String(parts[0])] = (String(parts[1]), String(parts[2]))
        }
        return out
    }

    /// The script and region `tag` most likely has (its own where it names them), or nil
    /// for a language the table does not hold. `zh-TW` is read as `zh-Hant-TW`.
    static func maximized(_ tag: LanguageTag) -> (script: String, region: String)? {
        let tag = LocaleFallback.implyingScript(tag)
        guard let likely = languages[tag.language] else { return nil }
        let script = tag.script ?? likely.script
        let region = tag.region ?? scriptRegions["\(tag.language)-\(script)"] ?? likely.region
        return (script, region)
    }

    /// Whether `tag` is a language tag of a language CLDR knows (`fr`, `pt-BR`, `iw`): false
    /// for a code no language has (`sp`, `xx`) and for text that is no tag.
    public static func isKnownLanguage(_ tag: String) -> Bool {
        guard let canonical = LanguageAlias.canonical(tag) else { return false }
        return maximized(canonical) != nil
    }

    /// Whether `child` is the default content locale of `ancestor`: the same language,
    /// variants, and most likely script and region (`pt-BR` of `pt`, whose likely region
    /// is Brazil; `zh-Hant-TW` of `zh-Hant`; `sr-Latn-RS` of `sr-Latn`). A region group
    /// (`es-419`, `en-001`) has none.
    public static func isDefaultContent(_ child: String, of ancestor: String) -> Bool {
        guard let c = try? LanguageTag(child), let a = try? LanguageTag(ancestor), c != a,
            c.language == a.language, c.variants == a.variants,
            let x = maximized(c), let y = maximized(a)
        else { return false }
        return x == y
    }
}

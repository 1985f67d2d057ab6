//! The engine's names of classes and groups as the database's keys, and
//! back.

use klotski::{Class, ClassError, GroupName};
use schema::{ClassKey, GroupKey};

/// The database's key of a class.
pub fn class_key(class: Class) -> ClassKey {
    ClassKey {
        jiang: class.jiang.into(),
        bing: class.bing.into(),
        style: class.style.into(),
    }
}

/// The database's key of a group.
pub fn group_key(name: GroupName) -> GroupKey {
    let ClassKey { jiang, bing, style } = class_key(name.class);
    GroupKey {
        jiang,
        bing,
        style,
        group_num: name.group_num,
    }
}

/// The engine's class of a stored key; an error for a key no class has (a
/// damaged file).
pub fn class_of(key: ClassKey) -> Result<Class, ClassError> {
    Class::new(key.jiang, key.bing, key.style)
}

/// The engine's name of a stored group; an error for a key no class has
/// (a damaged file).
pub fn group_name(key: GroupKey) -> Result<GroupName, ClassError> {
    Ok(GroupName {
        class: class_of(key.class())?,
        group_num: key.group_num,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every class's and a few groups' keys print as the engine's names do,
    /// and give those names back.
    #[test]
    fn keys_name_what_the_engine_names() {
        for class in Class::all() {
            assert_eq!(class_key(class).to_string(), class.to_string());
            assert_eq!(class_of(class_key(class)), Ok(class));
            for group_num in [0, 1, 7472] {
                let name = GroupName { class, group_num };
                assert_eq!(group_key(name).to_string(), name.to_string());
                assert_eq!(group_name(group_key(name)), Ok(name));
            }
        }
        // More horizontal pieces than two-cell pieces.
        let impossible = ClassKey {
            jiang: 2,
            bing: 0,
            style: 3,
        };
        assert!(class_of(impossible).is_err());
    }
}
